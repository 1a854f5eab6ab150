// @vitest-environment jsdom
/**
 * The offline runtime's `node` loading real-world module shapes from files as they are on disk: ES modules
 * with top-level await, ESM↔CommonJS interop both ways, package `exports` conditions and `type`, cycles.
 */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

describe('node: ES modules', () => {
  it('runs an .mjs entry that awaits at its top level', async () => {
    const vfs = workspace({ '/main.mjs': "const x = await new Promise((r) => setTimeout(() => r(5), 20));\nconsole.log('tla', x);\n" });
    expect(await node(vfs, ['main.mjs'])).toMatchObject({ code: 0, output: 'tla 5\n' });
  });

  it('waits for an imported module that awaits before running its importer', async () => {
    const vfs = workspace({
      '/dep.mjs': "console.log('dep start');\nexport const value = await new Promise((r) => setTimeout(() => r(7), 20));\nconsole.log('dep end');\n",
      '/main.mjs': "import { value } from './dep.mjs';\nconsole.log('main', value);\n",
    });
    expect((await node(vfs, ['main.mjs'])).output).toBe('dep start\ndep end\nmain 7\n');
  });

  it('keeps exported bindings live and hoisted functions reachable through a cycle', async () => {
    const vfs = workspace({
      '/counter.mjs':
        "import { hello } from './main.mjs';\nexport let count = 0;\nexport function increment() { count++; }\nexport const greeting = hello();\n",
      '/main.mjs':
        "import { count, increment, greeting } from './counter.mjs';\nexport function hello() { return 'hi'; }\nincrement(); increment();\nconsole.log(count, greeting);\n",
    });
    expect((await node(vfs, ['main.mjs'])).output).toBe('2 hi\n');
  });

  it('gives import.meta, export * and default exports', async () => {
    const vfs = workspace({
      '/src/lib.mjs': "export const a = 1;\nexport default function named() { return 'd'; }\n",
      '/src/all.mjs': "export * from './lib.mjs';\nexport { default as lib } from './lib.mjs';\n",
      '/src/main.mjs':
        "import * as all from './all.mjs';\nconsole.log(all.a, all.lib(), 'default' in all);\nconsole.log(import.meta.url, import.meta.filename, import.meta.dirname);\n",
    });
    expect((await node(vfs, ['src/main.mjs'])).output).toBe('1 d false\nfile:///src/main.mjs /src/main.mjs /src\n');
  });

  it("reads a named import through its module even where a parameter shadows the same module's star import", async () => {
    // svelte's compiler imports `{ ignore_map }` and `* as state` from state.js, and has visitors taking `{ state }`.
    const vfs = workspace({
      '/state.mjs': 'export let ignore_map = new Map();\n',
      '/main.mjs':
        "import { ignore_map } from './state.mjs';\nimport * as state from './state.mjs';\nfunction visit({ state: s2, state }) { ignore_map.set('k', state); return ignore_map.get('k'); }\nconsole.log(visit({ state: 'local' }), state.ignore_map === ignore_map);\n",
    });
    expect((await node(vfs, ['main.mjs'])).output).toBe('local true\n');
  });

  it('lets an ES module import CommonJS: module.exports is the default, its properties are named exports', async () => {
    const vfs = workspace({
      '/lib.cjs': "module.exports = function greet() { return 'hello'; };\nmodule.exports.version = '1.2.3';\n",
      '/main.mjs': "import greet, { version } from './lib.cjs';\nconsole.log(greet(), version);\n",
    });
    expect((await node(vfs, ['main.mjs'])).output).toBe('hello 1.2.3\n');
  });

  it('lets CommonJS import() an ESM-only package', async () => {
    const vfs = workspace({
      '/node_modules/esm-only/package.json': JSON.stringify({ name: 'esm-only', type: 'module', exports: { import: './index.js' } }),
      '/node_modules/esm-only/index.js': "export default 'esm default';\nexport const named = await Promise.resolve('named');\n",
      '/main.js': "import('esm-only').then((ns) => console.log(ns.default, ns.named));\ntry { require('esm-only'); } catch (e) { console.log(e.code); }\n",
    });
    expect((await node(vfs, ['main.js'])).output).toBe('MODULE_NOT_FOUND\nesm default named\n');
  });

  it('lets require() load an ES module without top-level await, and refuses one with it', async () => {
    const vfs = workspace({
      '/sync.mjs': "export default 'def';\nexport const named = 'n';\n",
      '/async.mjs': 'export const later = await Promise.resolve(1);\n',
      '/main.cjs':
        "const ns = require('./sync.mjs');\nconsole.log(ns.default, ns.named, ns.__esModule);\ntry { require('./async.mjs'); } catch (e) { console.log(e.code); }\n",
    });
    expect((await node(vfs, ['main.cjs'])).output).toBe('def n true\nERR_REQUIRE_ASYNC_MODULE\n');
  });
});

describe('node: resolution and CommonJS', () => {
  it('picks exports conditions in the package’s order, for require and for import', async () => {
    const exportsMap = { '.': { browser: './browser.js', import: './esm.mjs', node: './node.cjs', default: './default.js' }, './extra': './extra.cjs' };
    const vfs = workspace({
      '/node_modules/dual/package.json': JSON.stringify({ name: 'dual', exports: exportsMap }),
      '/node_modules/dual/esm.mjs': "export default 'esm';\n",
      '/node_modules/dual/node.cjs': "module.exports = 'node';\n",
      '/node_modules/dual/extra.cjs': "module.exports = 'extra';\n",
      '/main.mjs':
        "import dual from 'dual';\nimport extra from 'dual/extra';\nimport { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nconsole.log(dual, require('dual'), extra);\n",
    });
    expect((await node(vfs, ['main.mjs'])).output).toBe('esm node extra\n');
  });

  it('treats .js as the package type says, with .cjs and .mjs overriding it', async () => {
    const vfs = workspace({
      '/app/package.json': JSON.stringify({ type: 'module' }),
      '/app/main.js': "import helper from './helper.cjs';\nimport { kind } from './plain.js';\nconsole.log(typeof require, helper, kind);\n",
      '/app/helper.cjs': 'module.exports = typeof require;\n',
      '/app/plain.js': "export const kind = this === undefined ? 'esm' : 'cjs';\n",
    });
    expect((await node(vfs, ['main.js'], '/app')).output).toBe('undefined function esm\n');
  });

  it('gives CommonJS Node’s wrapper: partial exports in cycles, require.resolve, require.cache, __dirname', async () => {
    const vfs = workspace({
      '/lib/a.js': "exports.early = 'a-early';\nconst b = require('./b');\nexports.late = 'a-late';\nmodule.exports.fromB = b.seen;\n",
      '/lib/b.js': "const a = require('./a');\nexports.seen = [a.early, a.late].join(',');\n",
      '/main.js':
        "const a = require('./lib/a');\nconsole.log(a.fromB);\nconsole.log(require.resolve('./lib/b'), Object.keys(require.cache).sort().join(' '), __dirname, __filename);\n",
    });
    expect((await node(vfs, ['main.js'])).output).toBe('a-early,\n/lib/b.js /lib/a.js /lib/b.js /main.js / /main.js\n');
  });

  it('reports a missing module with Node’s code', async () => {
    const vfs = workspace({ '/main.js': "try { require('nope'); } catch (e) { console.log(e.code, e.message.split('\\n')[0]); }\n" });
    expect((await node(vfs, ['main.js'])).output).toBe("MODULE_NOT_FOUND Cannot find module 'nope'\n");
  });

  it('tells CommonJS from a module by what parses, as Node does, not by words in comments and strings', async () => {
    const vfs = workspace({
      '/node_modules/words/package.json': '{"name":"words","main":"index.js"}',
      '/node_modules/words/index.js':
        "// import React from 'react' is what users write; export default works too\nexports.tip = 'export { x } from \\'y\\'';\nexports.kind = typeof module;\n",
      '/node_modules/esm-in-js/package.json': '{"name":"esm-in-js","main":"index.js"}',
      '/node_modules/esm-in-js/index.js': 'export const answer = 42;\n',
      '/main.js': "const w = require('words');\nconsole.log(w.kind, w.tip);\nimport('esm-in-js').then((m) => console.log(m.answer));\n",
    });
    expect((await node(vfs, ['main.js'])).output).toBe("object export { x } from 'y'\n42\n");
  });
});
