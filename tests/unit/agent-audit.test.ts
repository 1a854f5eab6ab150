import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, hashArgs, listAudit, recordAudit, type AuditEntry } from '@/lib/agent/audit';
import { openDatabase } from '@/lib/workspace/db';
import { STORE_NAMES } from './db-store-names';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  workspaceId: 'w1',
  at: 1,
  tool: 'run_sh',
  argsHash: 'h',
  durationMs: 5,
  exitCode: 0,
  ok: true,
  ...overrides,
});

describe('agent audit log', () => {
  it('hashes the same arguments the same way regardless of key order', async () => {
    const a = await hashArgs({ cmd: 'ls', options: { b: 1, a: [1, { y: 2, x: 1 }] } });
    const b = await hashArgs({ options: { a: [1, { x: 1, y: 2 }], b: 1 }, cmd: 'ls' });
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(b);
    expect(await hashArgs({ cmd: 'ls -la' })).not.toBe(a);
    expect(canonicalJson({ b: undefined, a: 'x' })).toBe('{"a":"x"}');
  });

  it('writes entries and lists a workspace newest first, within the limit', async () => {
    const db = await openDatabase(`audit-${crypto.randomUUID()}`);
    for (let i = 1; i <= 5; i++) await recordAudit(db, entry({ at: i, tool: `t${i}` }));
    await recordAudit(db, entry({ workspaceId: 'other', tool: 'elsewhere' }));
    await recordAudit(db, entry({ at: 6, tool: 'fs_editFile', ok: false, exitCode: null, error: 'NoMatch: search block 1 was not found' }));
    const listed = await listAudit(db, 'w1');
    expect(listed.map((e) => e.tool)).toEqual(['fs_editFile', 't5', 't4', 't3', 't2', 't1']);
    expect(listed[0]).toMatchObject({ ok: false, exitCode: null, error: expect.stringContaining('NoMatch') });
    expect(typeof listed[0]?.id).toBe('number');
    expect((await listAudit(db, 'w1', 2)).map((e) => e.at)).toEqual([6, 5]);
    expect((await listAudit(db, 'other')).map((e) => e.tool)).toEqual(['elsewhere']);
    db.close();
  });

  it('upgrades a version-1 database without touching its stores', async () => {
    const name = `audit-upgrade-${crypto.randomUUID()}`;
    const { openDB } = await import('idb');
    const v1 = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('files', { keyPath: ['workspaceId', 'path'] }).createIndex('byWorkspace', 'workspaceId');
        db.createObjectStore('state', { keyPath: 'meta.id' });
        db.createObjectStore('conversations', { keyPath: ['workspaceId', 'id'] }).createIndex('byWorkspace', 'workspaceId');
      },
    });
    await v1.put('files', { workspaceId: 'w1', path: '/a', content: 'x', lastModified: 1 });
    v1.close();
    const db = await openDatabase(name);
    expect([...db.objectStoreNames].sort()).toEqual(STORE_NAMES);
    expect(await db.get('files', ['w1', '/a'])).toMatchObject({ content: 'x' });
    await recordAudit(db, entry({}));
    expect(await listAudit(db, 'w1')).toHaveLength(1);
    db.close();
  });
});
