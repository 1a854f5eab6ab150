import 'fake-indexeddb/auto';
import { unwrap } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type TabsmithDB } from '@/lib/workspace/db';
import { createPersistence, isQuotaError, loadWorkspace, QUOTA_MESSAGE } from '@/lib/workspace/persistence';
import { createWorkspace } from '@/lib/workspace/workspaces';
import type { PersistedState } from '@/lib/workspace/types';

let db: TabsmithDB;
let counter = 0;

beforeEach(async () => {
  db = await openDatabase(`persistence-test-${++counter}`);
});
afterEach(() => {
  db.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function newWorkspace(): Promise<string> {
  return (await createWorkspace(db, { name: 'test' })).id;
}

async function paths(id: string): Promise<string[]> {
  return (await loadWorkspace(db, id)).files.map((f) => f.path).sort();
}

describe('createPersistence', () => {
  it('writes a batch of puts in one transaction on flush', async () => {
    const id = await newWorkspace();
    const sink = createPersistence(db, id);
    const spy = vi.spyOn(db, 'transaction');
    for (let i = 0; i < 100; i++) sink.putFile(`/src/f${i}.js`, `export const n = ${i};`);
    expect(sink.pendingCount()).toBe(100);
    await sink.flush();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(sink.pendingCount()).toBe(0);
    const { files } = await loadWorkspace(db, id);
    expect(files).toHaveLength(100);
    expect(files.find((f) => f.path === '/src/f7.js')?.content).toBe('export const n = 7;');
  });

  it('debounces: nothing is written until the queue has been quiet for the debounce time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const id = await newWorkspace();
    const sink = createPersistence(db, id, { debounceMs: 300, maxWaitMs: 5000 });
    const saved = vi.fn();
    sink.onSaved(saved);
    sink.putFile('/a.txt', '1');
    await vi.advanceTimersByTimeAsync(200);
    sink.putFile('/a.txt', '2');
    await vi.advanceTimersByTimeAsync(200);
    expect(saved).not.toHaveBeenCalled();
    expect(sink.pendingCount()).toBe(1); // the second put replaced the first
    await vi.advanceTimersByTimeAsync(150);
    vi.useRealTimers();
    await vi.waitFor(() => expect(saved).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect((await loadWorkspace(db, id)).files).toEqual([{ path: '/a.txt', content: '2' }]);
  });

  it('writes at least every maxWait under a steady stream of changes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const id = await newWorkspace();
    const sink = createPersistence(db, id, { debounceMs: 300, maxWaitMs: 1000 });
    const saved = vi.fn();
    sink.onSaved(saved);
    for (let i = 0; i < 12; i++) {
      sink.putFile('/typing.txt', `v${i}`);
      await vi.advanceTimersByTimeAsync(100);
    }
    vi.useRealTimers();
    await vi.waitFor(() => expect(saved).toHaveBeenCalled(), { timeout: 2000 });
  });

  it('keeps binary content as bytes and copies views tightly', async () => {
    const id = await newWorkspace();
    const sink = createPersistence(db, id);
    const backing = new Uint8Array(64).map((_, i) => i);
    sink.putFile('/img.bin', backing.subarray(10, 20));
    await sink.flush();
    const [file] = (await loadWorkspace(db, id)).files;
    expect(file?.content).toBeInstanceOf(Uint8Array);
    expect(Array.from(file?.content as Uint8Array)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect((file?.content as Uint8Array).buffer.byteLength).toBe(10);
  });

  it('deletePath removes the path and everything under it, not siblings with the same prefix', async () => {
    const id = await newWorkspace();
    const sink = createPersistence(db, id);
    for (const p of ['/src/a.js', '/src/lib/b.js', '/src-old/c.js', '/srcx', '/src.js', '/other.js']) sink.putFile(p, p);
    await sink.flush();
    sink.deletePath('/src');
    await sink.flush();
    expect(await paths(id)).toEqual(['/other.js', '/src-old/c.js', '/src.js', '/srcx']);
  });

  it('replays puts and deletes in order within one batch', async () => {
    const id = await newWorkspace();
    const sink = createPersistence(db, id);
    sink.putFile('/dir/old.js', 'old');
    sink.deletePath('/dir');
    sink.putFile('/dir/new.js', 'new');
    await sink.flush();
    expect(await paths(id)).toEqual(['/dir/new.js']);
  });

  it('never persists node_modules, and persists .git', async () => {
    const id = await newWorkspace();
    const sink = createPersistence(db, id);
    sink.putFile('/node_modules/react/index.js', 'x');
    sink.putFile('/packages/a/node_modules/b.js', 'x');
    sink.putFile('/.git/HEAD', 'x');
    sink.putFile('/package.json', '{}');
    await sink.flush();
    expect(await paths(id)).toEqual(['/.git/HEAD', '/package.json']);
  });

  it('writes state with the files and restores it', async () => {
    const id = await newWorkspace();
    const sink = createPersistence(db, id);
    const { state } = await loadWorkspace(db, id);
    const next: PersistedState = { ...state, openPaths: ['/a.js'], activePath: '/a.js', locks: ['/a.js'] };
    sink.putFile('/a.js', 'a');
    sink.putState(next);
    await sink.flush();
    const loaded = await loadWorkspace(db, id);
    expect(loaded.state.openPaths).toEqual(['/a.js']);
    expect(loaded.state.locks).toEqual(['/a.js']);
  });

  it('reports a quota error in plain words, keeps the queue and succeeds on the next try', async () => {
    const id = await newWorkspace();
    const sink = createPersistence(db, id);
    const messages: string[] = [];
    sink.onError((m) => messages.push(m));
    const realTransaction = db.transaction.bind(db);
    let failNext = true;
    // The first batch's put fails the way a full disk does: QuotaExceededError, and the transaction aborts.
    vi.spyOn(db, 'transaction').mockImplementation(((...args: Parameters<typeof db.transaction>) => {
      const raw = unwrap(realTransaction(...args));
      if (failNext) {
        failNext = false;
        const realObjectStore = raw.objectStore.bind(raw);
        raw.objectStore = (name: string) => {
          const store = realObjectStore(name);
          if (name === 'files') {
            store.put = () => {
              raw.abort();
              throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            };
          }
          return store;
        };
      }
      return raw; // idb wraps what the spied method returns
    }) as unknown as typeof db.transaction);
    sink.putFile('/big.txt', 'x'.repeat(1000));
    await sink.flush();
    expect(messages).toEqual([QUOTA_MESSAGE]);
    expect(sink.pendingCount()).toBe(1);
    expect(await paths(id)).toEqual([]);
    // Still usable: the next change retries the queued write too.
    sink.putFile('/small.txt', 'y');
    await sink.flush();
    expect(await paths(id)).toEqual(['/big.txt', '/small.txt']);
    expect(messages).toHaveLength(1);
  });

  it('recognizes quota errors by name and legacy code', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError({ code: 22 })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
  });

  it('suspend drops the queue and ignores later calls', async () => {
    const id = await newWorkspace();
    const sink = createPersistence(db, id);
    sink.putFile('/a.js', 'a');
    sink.suspend();
    sink.putFile('/b.js', 'b');
    await sink.flush();
    expect(await paths(id)).toEqual([]);
  });

  it('loadWorkspace of a missing workspace is a not-found error', async () => {
    await expect(loadWorkspace(db, 'nope')).rejects.toMatchObject({ code: 'not-found' });
  });
});
