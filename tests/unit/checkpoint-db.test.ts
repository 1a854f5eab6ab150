import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { listCheckpoints, takeCheckpoint } from '@/lib/workspace/checkpoints';
import { DB_VERSION, openDatabase } from '@/lib/workspace/db';
import { loadWorkspace } from '@/lib/workspace/persistence';
import { deleteWorkspace, listWorkspaces } from '@/lib/workspace/workspaces';
import { blobCount, openCheckpointWorkspace, type CheckpointSetup } from './checkpoint-setup';
import { STORE_NAMES } from './db-store-names';

let setup: CheckpointSetup | null = null;
afterEach(() => {
  setup?.dispose();
  setup = null;
});

/** The schema as version 3 created it, written independently of db.ts so the test pins the old layout. */
async function createVersion3(name: string) {
  const db = await openDB(name, 3, {
    upgrade(raw) {
      const files = raw.createObjectStore('files', { keyPath: ['workspaceId', 'path'] });
      files.createIndex('byWorkspace', 'workspaceId');
      raw.createObjectStore('state', { keyPath: 'meta.id' });
      const conversations = raw.createObjectStore('conversations', { keyPath: ['workspaceId', 'id'] });
      conversations.createIndex('byWorkspace', 'workspaceId');
      const audit = raw.createObjectStore('audit', { keyPath: 'id', autoIncrement: true });
      audit.createIndex('byWorkspace', 'workspaceId');
      raw.createObjectStore('chunks');
      raw.createObjectStore('journal', { keyPath: ['workspaceId', 'path'] });
    },
  });
  const meta = { id: 'w-old', name: 'Old', createdAt: 1, updatedAt: 1 };
  const facts = { lastCommand: 'npm run dev', serverRunning: false, ports: [], installedPackages: [] };
  await db.put('state', { meta, openPaths: ['/a.js'], activePath: '/a.js', locks: [], facts });
  await db.put('files', { workspaceId: 'w-old', path: '/a.js', content: 'kept', lastModified: 5, size: 4 });
  await db.put('conversations', { workspaceId: 'w-old', id: 'c1', updatedAt: 2, data: { messages: ['hi'] } });
  await db.put('journal', { workspaceId: 'w-old', path: '/a.js', content: 'draft', base: 'kept', at: 3 });
  await db.put('chunks', new Uint8Array([1, 2, 3]), ['w-old', '/big.bin', 1, 0]);
  db.close();
}

describe('checkpoint database', () => {
  it('upgrades a version 3 database with data to version 4, keeping every record', async () => {
    const name = `upgrade-${Date.now()}`;
    await createVersion3(name);
    const db = await openDatabase(name);
    expect(DB_VERSION).toBe(4);
    expect(db.version).toBe(4);
    expect([...db.objectStoreNames].sort()).toEqual(STORE_NAMES);
    const { state, files } = await loadWorkspace(db, 'w-old');
    expect(state.facts.lastCommand).toBe('npm run dev');
    expect(files).toEqual([{ path: '/a.js', content: 'kept' }]);
    expect(await db.get('conversations', ['w-old', 'c1'])).toMatchObject({ data: { messages: ['hi'] } });
    expect(await db.get('journal', ['w-old', '/a.js'])).toMatchObject({ content: 'draft' });
    expect(await db.get('chunks', ['w-old', '/big.bin', 1, 0])).toEqual(new Uint8Array([1, 2, 3]));
    expect(await db.count('checkpoints')).toBe(0);
    db.close();
  });

  it("deleting a workspace deletes its checkpoints and their contents, not other workspaces'", async () => {
    setup = await openCheckpointWorkspace({ '/a.js': 'a' });
    await takeCheckpoint(setup.store, { kind: 'named', label: 'keep me?' });
    expect(await blobCount(setup)).toBe(1);
    await setup.db.put('checkpoints', {
      workspaceId: 'other',
      id: 'x',
      kind: 'named',
      label: 'other',
      createdAt: 1,
      conversationId: null,
      messageId: null,
      fileCount: 0,
      bytes: 0,
      base: 'x',
      parent: null,
      delta: [],
    });
    await deleteWorkspace(setup.db, setup.workspaceId);
    expect(await listWorkspaces(setup.db)).toEqual([]);
    expect(await listCheckpoints(setup.workspaceId)).toEqual([]);
    expect(await blobCount(setup)).toBe(0);
    expect(await setup.db.count('checkpointBases')).toBe(0);
    expect(await listCheckpoints('other')).toHaveLength(1);
  });
});
