/**
 * Which CommonJS files the loader parses and rewrites (import calls, awaits that carry the async context):
 * code that uses them, never text that only mentions them.
 */
import { describe, expect, it } from 'vitest';
import { needsCommonJsRewrite } from '@/lib/runtime-frame/offline/node/cjs-rewrite-scan';

describe('needsCommonJsRewrite', () => {
  it('is false for the words in strings, comments, templates and regular expressions', () => {
    const text = [
      '// then await the result, or import() it lazily',
      '/* async function f() { await g(); } */',
      'const message = "An async function must return a Promise; use await";',
      'const keywords = { async: 134, await: 135, import: 102 };',
      'const hint = `call import("x") or await it`;',
      'const pattern = /await\\s+import\\(/;',
      'function run(async) { if (async) return node.async ? 1 : 2; }',
      'module.exports = { run, pattern, hint, keywords, message };',
    ].join('\n');
    expect(needsCommonJsRewrite(text)).toBe(false);
  });

  it('is true for an import call and for every form of async function', () => {
    for (const code of [
      'module.exports = () => import("./lazy.js");',
      'async function load() { return await 1; }',
      'const load = async () => { await 0; };',
      'const load = async x => await x;',
      'const api = { async load() { await 0; } };',
      'class A { async *rows() { yield await 1; } }',
      'const s = `${await import("x")}`; // inside a template expression',
    ]) {
      expect(needsCommonJsRewrite(code), code).toBe(true);
    }
  });

  it('leaves code that only calls methods named import or async alone', () => {
    expect(needsCommonJsRewrite('loader.import("x"); queue.async(await_);')).toBe(false);
  });

  it('hands code it cannot scan to the parser', () => {
    expect(needsCommonJsRewrite('const broken = "unterminated; await x')).toBe(true);
  });
});
