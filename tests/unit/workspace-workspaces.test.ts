import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordAudit } from '@/lib/agent/audit';
import { openDatabase, type TabsmithDB } from '@/lib/workspace/db';
import { createPersistence, loadWorkspace } from '@/lib/workspace/persistence';
import { copyName, createWorkspace, deleteWorkspace, duplicateWorkspace, getWorkspace, listWorkspaces, renameWorkspace } from '@/lib/workspace/workspaces';

let db: TabsmithDB;
let counter = 0;

beforeEach(async () => {
  db = await openDatabase(`workspaces-test-${++counter}`);
});
afterEach(() => {
  db.close();
  vi.restoreAllMocks();
});

describe('workspaces', () => {
  it('creates an empty workspace with a trimmed name', async () => {
    const meta = await createWorkspace(db, { name: '  My project  ' });
    expect(meta.name).toBe('My project');
    expect(meta.id).toMatch(/^[0-9a-f-]{36}$/);
    const { state, files } = await loadWorkspace(db, meta.id);
    expect(files).toEqual([]);
    expect(state.openPaths).toEqual([]);
    expect(state.facts.lastCommand).toBeNull();
  });

  it('validates names with clear errors', async () => {
    await expect(createWorkspace(db, { name: '   ' })).rejects.toThrow('Give the workspace a name.');
    await expect(createWorkspace(db, { name: 'x'.repeat(81) })).rejects.toThrow(/at most 80 characters/);
    await expect(createWorkspace(db, { name: 'x'.repeat(80) })).resolves.toBeTruthy();
    expect(await listWorkspaces(db)).toHaveLength(1);
  });

  it('creates from a template with its files, and opens its first file', async () => {
    const meta = await createWorkspace(db, { name: 'app', template: 'vite-react' });
    expect(meta.template).toBe('vite-react');
    const { state, files } = await loadWorkspace(db, meta.id);
    expect(files.map((f) => f.path)).toContain('/package.json');
    expect(files.map((f) => f.path)).toContain('/src/App.jsx');
    expect(state.openPaths).toEqual(['/src/App.jsx']);
    expect(state.activePath).toBe('/src/App.jsx');
  });

  it('creates from imported files, binary included, never node_modules', async () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    const meta = await createWorkspace(db, {
      name: 'imported',
      files: [
        { path: '/a.txt', content: 'a' },
        { path: '/img.bin', content: bytes },
        { path: '/node_modules/x.js', content: 'x' },
      ],
    });
    const { files } = await loadWorkspace(db, meta.id);
    expect(files).toEqual([
      { path: '/a.txt', content: 'a' },
      { path: '/img.bin', content: bytes },
    ]);
  });

  it('rejects an unknown template', async () => {
    await expect(createWorkspace(db, { name: 'x', template: 'nope' as never })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('lists newest first and renames', async () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1000);
    const a = await createWorkspace(db, { name: 'a' });
    now.mockReturnValue(2000);
    const b = await createWorkspace(db, { name: 'b' });
    expect((await listWorkspaces(db)).map((m) => m.name)).toEqual(['b', 'a']);
    now.mockReturnValue(3000);
    const renamed = await renameWorkspace(db, a.id, ' a2 ');
    expect(renamed.name).toBe('a2');
    expect((await listWorkspaces(db)).map((m) => m.id)).toEqual([a.id, b.id]);
    await expect(renameWorkspace(db, a.id, '')).rejects.toThrow('Give the workspace a name.');
    await expect(renameWorkspace(db, 'missing', 'x')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('duplicates files and state under a new id, in one transaction', async () => {
    const original = await createWorkspace(db, { name: 'orig', template: 'node-http' });
    const sink = createPersistence(db, original.id);
    sink.putFile('/extra.bin', new Uint8Array([9, 8, 7]));
    await sink.flush();
    const spy = vi.spyOn(db, 'transaction');
    const copy = await duplicateWorkspace(db, original.id);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(copy.id).not.toBe(original.id);
    expect(copy.name).toBe('orig copy');
    const a = await loadWorkspace(db, original.id);
    const b = await loadWorkspace(db, copy.id);
    expect(b.files).toEqual(a.files);
    expect(b.state.meta.id).toBe(copy.id);
    expect(copyName('x'.repeat(80))).toHaveLength(80);
  });

  it('deletes state, files, conversations and audit entries together, leaving other workspaces alone', async () => {
    const gone = await createWorkspace(db, { name: 'gone', template: 'static-html' });
    const kept = await createWorkspace(db, { name: 'kept', template: 'static-html' });
    await db.put('conversations', { workspaceId: gone.id, id: 'c1', updatedAt: 1, data: {} });
    await db.put('conversations', { workspaceId: kept.id, id: 'c1', updatedAt: 1, data: {} });
    const audit = (workspaceId: string) => ({ workspaceId, at: 1, tool: 'run_sh', argsHash: 'h', durationMs: 1, exitCode: 0, ok: true });
    await recordAudit(db, audit(gone.id));
    await recordAudit(db, audit(gone.id));
    await recordAudit(db, audit(kept.id));
    await deleteWorkspace(db, gone.id);
    expect((await db.getAll('audit')).map((entry) => entry.workspaceId)).toEqual([kept.id]);
    expect(await getWorkspace(db, gone.id)).toBeNull();
    expect(await db.getAll('conversations')).toHaveLength(1);
    const remaining = await db.getAll('files');
    expect(remaining.length).toBeGreaterThan(0);
    expect(remaining.every((f) => f.workspaceId === kept.id)).toBe(true);
    expect((await listWorkspaces(db)).map((m) => m.name)).toEqual(['kept']);
  });
});
