/**
 * Compiled code shared between the processes of one file system: a large module is parsed and rewritten by
 * the first process that loads it, and the others (a thread pool's workers all load the same files at once)
 * wait for that build and only evaluate it.
 */
import { describe, expect, it } from 'vitest';
import { CodeCache, type CodeRecipe, type SharedCode } from '@/lib/runtime-frame/offline/node/compile';
import { FrameCodeStore } from '@/lib/runtime-frame/offline/workers/frame-code-store';

/** A module large enough to be shared, with an import and an export. */
const bigModule = (marker: string) =>
  `import { join } from 'node:path';\nexport const marker = ${JSON.stringify(marker)};\n${'// padding\n'.repeat(2000)}export default join;\n`;

/** A process's end of `store`, answering at once as the frame's synchronous call does once it settles. */
function processLink(store: FrameCodeStore, owner: object, log: string[]): SharedCode {
  return {
    get(key) {
      // A worker blocks until the store answers; here a key is either kept already or this process builds it.
      const kept = store.peek(key);
      if (!kept) void store.get(key, owner);
      return kept;
    },
    put: (key, recipe) => {
      log.push(`put ${recipe.format}`);
      store.put(key, recipe);
    },
    release: (key) => {
      log.push('release');
      store.release(key, owner);
    },
  };
}

describe('frame code store', () => {
  const recipe = (source: string): CodeRecipe => ({ format: 'cjs', source });

  it('tells the first asker to build, makes a second wait for that build, and hands both the result after', async () => {
    const store = new FrameCodeStore();
    const first = {};
    const second = {};
    expect(await store.get('k', first)).toBeUndefined();
    const waiting = store.get('k', second);
    let settled = false;
    void waiting.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    store.put('k', recipe('built once'));
    expect(await waiting).toEqual(recipe('built once'));
    expect(await store.get('k', {})).toEqual(recipe('built once'));
  });

  it('frees the waiters when the build fails or its process ends, without a recipe', async () => {
    const store = new FrameCodeStore();
    const builder = {};
    await store.get('a', builder);
    await store.get('b', builder);
    const onA = store.get('a', {});
    store.release('a', builder);
    expect(await onA).toBeUndefined();
    const onB = store.get('b', {});
    store.releaseAll(builder);
    expect(await onB).toBeUndefined();
    // Nothing was kept: the next asker builds.
    expect(await store.get('a', {})).toBeUndefined();
  });

  it('ignores a release from a process that was not building the key', async () => {
    const store = new FrameCodeStore();
    await store.get('k', {});
    const waiting = store.get('k', {});
    store.release('k', {});
    store.put('k', recipe('x'));
    expect(await waiting).toEqual(recipe('x'));
  });

  it('keeps within its budget, dropping the least recently used first', async () => {
    const store = new FrameCodeStore(10);
    store.put('old', recipe('aaaa'));
    store.put('used', recipe('bbbb'));
    expect(await store.get('old', {})).toBeDefined();
    store.put('new', recipe('cccc'));
    expect(store.size).toEqual({ entries: 2, chars: 8 });
    expect(await store.get('used', {})).toBeUndefined();
    expect(await store.get('old', {})).toEqual(recipe('aaaa'));
  });
});

describe('code cache with shared recipes', () => {
  it('puts what it parsed, and a second process evaluates that recipe instead of parsing again', () => {
    const store = new FrameCodeStore();
    const log: string[] = [];
    const source = bigModule('one');
    const first = new CodeCache(processLink(store, {}, log)).compile(source, '/node_modules/pkg/index.mjs', 'esm');
    expect(first).toMatchObject({ format: 'esm', requests: ['node:path'] });
    expect(log).toEqual(['put esm']);

    // The second process's answer comes from the store: a recipe changed there is what it evaluates.
    const prefix = `esm\0/node_modules/pkg/index.mjs\0`;
    const [key, recipe] = [...(store as unknown as { entries: Map<string, CodeRecipe> }).entries].find(([k]) => k.startsWith(prefix)) ?? [];
    expect(recipe?.format).toBe('esm');
    const changed = new FrameCodeStore();
    changed.put(key as string, { ...(recipe as Extract<CodeRecipe, { format: 'esm' }>), requests: ['node:url'] });
    const second = new CodeCache(processLink(changed, {}, log)).compile(source, '/node_modules/pkg/index.mjs', 'esm');
    expect(second).toMatchObject({ format: 'esm', requests: ['node:url'] });
    expect(log).toEqual(['put esm']);
  });

  it('does not ask the store for small files or plain CommonJS, and releases the key when the code does not compile', () => {
    const store = new FrameCodeStore();
    const log: string[] = [];
    const link = processLink(store, {}, log);
    const asked: string[] = [];
    const cache = new CodeCache({ ...link, get: (key) => (asked.push(key.split('\0')[1] ?? key), link.get(key)) }, 8);
    cache.compile('export const small = 1;\n', '/small.mjs', 'esm');
    // Plain CommonJS is only evaluated, never parsed: asking another thread for it would cost more than that.
    cache.compile(`module.exports = 1;\n${'// padding\n'.repeat(2000)}`, '/node_modules/cjs/index.js', 'detect');
    expect(asked).toEqual([]);
    expect(log).toEqual([]);
    expect(() => cache.compile(`export const = ;\n${'// padding\n'.repeat(2000)}`, '/node_modules/bad/index.mjs', 'esm')).toThrow(SyntaxError);
    expect(asked).toEqual(['/node_modules/bad/index.mjs']);
    expect(log).toEqual(['release']);
  });

  it('shares a few-kilobyte module or CommonJS file with async functions, which a fresh thread would otherwise parse', () => {
    const store = new FrameCodeStore();
    const log: string[] = [];
    const padding = '// padding\n'.repeat(250);
    const commonJs = `exports.load = async function load(read) {\n  return await read();\n};\n${padding}`;
    const module = `export const value = 1;\n${padding}`;
    expect(commonJs.length).toBeLessThan(16_384);
    const first = new CodeCache(processLink(store, {}, log));
    first.compile(commonJs, '/node_modules/wasi/fd.js', 'cjs');
    first.compile(module, '/node_modules/wasi/util.mjs', 'esm');
    expect(log).toEqual(['put cjs', 'put esm']);
    // Another process (a thread starting in a fresh worker) gets both without building them.
    const second = new CodeCache(processLink(store, {}, log));
    expect(second.compile(module, '/node_modules/wasi/util.mjs', 'esm')).toMatchObject({ format: 'esm' });
    expect(second.compile(commonJs, '/node_modules/wasi/fd.js', 'cjs')).toMatchObject({ format: 'cjs' });
    expect(log).toEqual(['put cjs', 'put esm']);
  });
});

describe("a process's code cache", () => {
  it('keeps the most recently used modules up to its bound, so edits of a file loaded again do not pile up', () => {
    const cache = new CodeCache(undefined, 2);
    const first = cache.compile('module.exports = 1;', '/a.js', 'cjs');
    expect(cache.compile('module.exports = 1;', '/a.js', 'cjs')).toBe(first);
    cache.compile('module.exports = 2;', '/a.js', 'cjs');
    cache.compile('module.exports = 3;', '/a.js', 'cjs');
    expect(cache.size).toBe(2);
    // The oldest version went: loading it again compiles it again.
    expect(cache.compile('module.exports = 1;', '/a.js', 'cjs')).not.toBe(first);
  });
});
