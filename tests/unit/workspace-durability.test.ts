import 'fake-indexeddb/auto';
import { unwrap } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_BYTES, MAX_STORED_FILE_BYTES } from '@/lib/workspace/chunks';
import { openDatabase, type TabsmithDB } from '@/lib/workspace/db';
import { createPersistence, loadFiles, loadWorkspace, QUOTA_MESSAGE } from '@/lib/workspace/persistence';
import { createWorkspace, deleteWorkspace, duplicateWorkspace } from '@/lib/workspace/workspaces';
import type { FileStatusUpdate } from '@/lib/workspace/types';

// Small pieces keep the in-memory IndexedDB quick; the code paths are the same as with 4 MB ones.
vi.mock('@/lib/workspace/chunks', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/workspace/chunks')>()),
  CHUNK_BYTES: 1024,
  CHUNK_FROM_BYTES: 1024,
}));

let db: TabsmithDB;
let counter = 0;

beforeEach(async () => {
  db = await openDatabase(`durability-test-${++counter}`);
});
afterEach(() => {
  db.close();
  vi.restoreAllMocks();
});

async function stored(id: string): Promise<Record<string, string | number>> {
  const files = await loadWorkspace(db, id);
  return Object.fromEntries(files.files.map((f) => [f.path, typeof f.content === 'string' ? f.content : f.content.byteLength]));
}

/** Makes `files.put` of the named paths fail the way the browser does, inside real transactions. */
function failPuts(paths: Set<string>, how: 'quota' | 'never-settles'): void {
  const realTransaction = db.transaction.bind(db);
  vi.spyOn(db, 'transaction').mockImplementation(((...args: Parameters<typeof db.transaction>) => {
    const raw = unwrap(realTransaction(...args));
    const realObjectStore = raw.objectStore.bind(raw);
    raw.objectStore = (name: string) => {
      const store = realObjectStore(name);
      if (name !== 'files') return store;
      const realPut = store.put.bind(store);
      store.put = (value: { path?: string }, key?: IDBValidKey) => {
        if (!value.path || !paths.has(value.path)) return realPut(value, key);
        if (how === 'quota') {
          raw.abort();
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        // Chromium with a value over its size limit: the transaction aborts and the request never settles.
        raw.abort();
        return realPut({ ...value, path: '/never' }, key); // a request object whose events are never delivered to the caller
      };
      return store;
    };
    return raw;
  }) as unknown as typeof db.transaction);
}

describe('persistence never stops silently', () => {
  it('a quota error names the file, the rest of the batch lands, and later writes land too', async () => {
    const { id } = await createWorkspace(db, { name: 'quota' });
    const sink = createPersistence(db, id);
    const messages: string[] = [];
    const updates: FileStatusUpdate[] = [];
    sink.onError((message) => messages.push(message));
    sink.onFileStatus((update) => updates.push(update));
    failPuts(new Set(['/big.txt']), 'quota');

    sink.putFile('/big.txt', 'x'.repeat(1000));
    sink.putFile('/small.txt', 'small');
    await sink.flush();
    expect(messages).toEqual([QUOTA_MESSAGE]);
    expect(updates.at(-1)?.failed).toEqual([{ path: '/big.txt', code: 'quota', reason: 'browser storage is full' }]);
    expect(updates.at(-1)?.saved).toEqual(['/small.txt']);
    expect(await stored(id)).toEqual({ '/small.txt': 'small' });

    // A later change is not held back by the failed one, and the failed one is tried again after it.
    sink.putFile('/after.txt', 'after');
    await sink.flush();
    expect(await stored(id)).toEqual({ '/small.txt': 'small', '/after.txt': 'after' });
    expect(sink.pendingCount()).toBe(1); // tried again and failed again: kept for the next batch
    vi.restoreAllMocks(); // space was freed
    sink.putFile('/later.txt', 'later');
    await sink.flush();
    expect(await stored(id)).toMatchObject({ '/big.txt': 'x'.repeat(1000), '/later.txt': 'later' });
    expect(updates.at(-1)?.saved).toEqual(['/later.txt', '/big.txt']);
  });

  it('a write whose request never settles fails alone instead of blocking every later write', async () => {
    const { id } = await createWorkspace(db, { name: 'stuck' });
    const sink = createPersistence(db, id);
    const updates: FileStatusUpdate[] = [];
    sink.onFileStatus((update) => updates.push(update));
    failPuts(new Set(['/huge.bin']), 'never-settles');
    sink.putFile('/huge.bin', 'h');
    sink.putFile('/ok.txt', 'ok');
    await sink.flush();
    expect(updates.at(-1)?.failed.map((f) => f.path)).toEqual(['/huge.bin']);
    sink.putFile('/next.txt', 'next');
    await sink.flush();
    expect(await stored(id)).toEqual({ '/ok.txt': 'ok', '/next.txt': 'next' });
  });

  it('refuses a file over the limit at once, with its name and size, and keeps saving the others', async () => {
    const { id } = await createWorkspace(db, { name: 'too large' });
    const sink = createPersistence(db, id);
    const messages: string[] = [];
    const updates: FileStatusUpdate[] = [];
    sink.onError((message) => messages.push(message));
    sink.onFileStatus((update) => updates.push(update));
    sink.putFile('/video.bin', new Uint8Array(MAX_STORED_FILE_BYTES + 1));
    sink.putFile('/notes.md', 'notes');
    await sink.flush();
    expect(messages[0]).toMatch(/^\/video\.bin \(100 MB\) is not saved: browser storage takes files up to 100 MB/);
    expect(updates[0]?.failed[0]).toMatchObject({ path: '/video.bin', code: 'too-large' });
    expect(await stored(id)).toEqual({ '/notes.md': 'notes' });
  });
});

describe('large files in chunks', () => {
  const big = (size: number, seed: number) => new Uint8Array(size).map((_, i) => (i * seed) % 251);

  it('stores a file over the chunk size in pieces and reads it back byte for byte', async () => {
    const { id } = await createWorkspace(db, { name: 'chunks' });
    const sink = createPersistence(db, id);
    const bytes = big(2 * CHUNK_BYTES + 123, 7);
    sink.putFile('/data.bin', bytes);
    await sink.flush();
    expect(await db.count('chunks')).toBe(3);
    const [file] = (await loadWorkspace(db, id)).files;
    expect(file?.path).toBe('/data.bin');
    expect(Buffer.from(file?.content as Uint8Array).equals(Buffer.from(bytes))).toBe(true);
    expect((await loadFiles(db, id))[0]?.content).toEqual(bytes);
  });

  it('a new version replaces the old pieces; a small version and a delete leave none behind', async () => {
    const { id } = await createWorkspace(db, { name: 'versions' });
    const sink = createPersistence(db, id);
    sink.putFile('/data.bin', big(CHUNK_BYTES + 1, 3));
    await sink.flush();
    sink.putFile('/data.bin', big(CHUNK_BYTES + 5, 5));
    await sink.flush();
    expect(await db.count('chunks')).toBe(2);
    sink.putFile('/data.bin', 'small now');
    await sink.flush();
    expect(await stored(id)).toEqual({ '/data.bin': 'small now' });
    createPersistence(db, id); // the writer's clean-up of pieces no record points at
    await vi.waitFor(async () => expect(await db.count('chunks')).toBe(0));
    sink.putFile('/dir/data.bin', big(CHUNK_BYTES + 1, 9));
    await sink.flush();
    sink.deletePath('/dir');
    await sink.flush();
    expect(await db.count('chunks')).toBe(0);
  });

  it('duplicate copies the pieces and delete removes them with the journal', async () => {
    const { id } = await createWorkspace(db, { name: 'copy me', files: [{ path: '/data.bin', content: big(CHUNK_BYTES + 9, 11) }] });
    const copy = await duplicateWorkspace(db, id);
    expect((await loadFiles(db, copy.id))[0]?.content).toEqual(big(CHUNK_BYTES + 9, 11));
    await db.put('journal', { workspaceId: id, path: '/a.txt', content: 'draft', base: '', at: 1 });
    await deleteWorkspace(db, id);
    expect(await db.count('journal')).toBe(0);
    expect(await db.count('chunks')).toBe(2); // the copy's
  });
});
