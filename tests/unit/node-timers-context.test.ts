// @vitest-environment jsdom
/**
 * Node's timer objects and AsyncLocalStorage across `await`, as a node process of the offline runtime sees them
 * in its worker (where the global timer functions are Node's).
 */
import { describe, expect, it } from 'vitest';
import { installNodeTimers } from '@/lib/runtime-frame/offline/node/node-timers';
import { node, workspace } from './node-run-helpers';

installNodeTimers();

const script = (lines: string[]) => lines.join('\n');

describe('node timers', () => {
  it('refreshes, repeats through _repeat, disposes, and warns about an overlong delay', async () => {
    const vfs = workspace({
      '/main.js': script([
        'const seen = [];',
        "process.on('warning', (w) => seen.push(w.name));",
        'let refreshed = false;',
        'const a = setTimeout(() => { seen.push("a"); if (!refreshed) { refreshed = true; a.refresh(); } }, 1);',
        'const b = setTimeout(() => { seen.push("b"); if (b._repeat) clearInterval(b); b._repeat = 1; }, 1);',
        'const c = setTimeout(() => seen.push("never"), 5); c[Symbol.dispose]();',
        'clearTimeout(setTimeout(() => seen.push("never"), 2 ** 31));',
        'const d = setTimeout(() => seen.push("never"), 5); clearTimeout(+d);',
        'console.log(typeof a.hasRef, a.hasRef(), a.unref().hasRef(), a.ref().hasRef(), c._destroyed);',
        "setTimeout(() => console.log(seen.sort().join(' ')), 60);",
      ]),
    });
    expect((await node(vfs, ['main.js'])).output).toBe('function true false true true\nTimeoutOverflowWarning a a b b\n');
  });

  it("ends the process when only unref'd timers and immediates are left, and still fires them while it lives", async () => {
    const vfs = workspace({
      '/main.js': script([
        'let n = 0;',
        "const keep = setTimeout(() => console.log('kept alive until', n), 200);",
        'const tick = setInterval(() => { if (++n === 3) { clearInterval(tick); clearTimeout(keep); console.log("fired", n); } }, 1).unref();',
      ]),
      '/immediate.js': "setImmediate(() => setImmediate(() => console.log('unref immediate ran')).unref());",
    });
    const started = Date.now();
    expect((await node(vfs, ['main.js'])).output).toBe('fired 3\n');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await node(vfs, ['immediate.js'])).toMatchObject({ code: 0, output: '' });
  });
});

describe('AsyncLocalStorage', () => {
  it('keeps each run its store across await, promise callbacks, microtasks and immediates', async () => {
    const vfs = workspace({
      '/main.mjs': script([
        "import { AsyncLocalStorage } from 'node:async_hooks';",
        'const als = new AsyncLocalStorage();',
        'const seen = [];',
        'const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));',
        'async function work(name, ms) {',
        '  await pause(ms);',
        '  seen.push(`${name}:${als.getStore()}`);',
        '  await null;',
        '  Promise.resolve().then(() => seen.push(`${name}.then:${als.getStore()}`));',
        '  queueMicrotask(() => seen.push(`${name}.micro:${als.getStore()}`));',
        '  setImmediate(() => seen.push(`${name}.immediate:${als.getStore()}`));',
        '}',
        "await Promise.all([als.run('one', () => work('a', 20)), als.run('two', () => work('b', 5))]);",
        'await pause(30);',
        "console.log(seen.sort().join(' '), String(als.getStore()));",
      ]),
    });
    expect((await node(vfs, ['main.mjs'])).output).toBe(
      'a.immediate:one a.micro:one a.then:one a:one b.immediate:two b.micro:two b.then:two b:two undefined\n',
    );
  });

  it("validates AsyncResource's type and trigger id and bind's function with Node's codes", async () => {
    const vfs = workspace({
      '/main.js': script([
        "const { AsyncResource, AsyncLocalStorage } = require('async_hooks');",
        'for (const make of [() => new AsyncResource(), () => new AsyncResource(""), () => new AsyncResource("t", -4), () => AsyncLocalStorage.bind(1)]) {',
        '  try { make(); console.log("no error"); } catch (e) { console.log(e.name, e.code); }',
        '}',
      ]),
    });
    expect((await node(vfs, ['main.js'])).output).toBe(
      'TypeError ERR_INVALID_ARG_TYPE\nTypeError ERR_ASYNC_TYPE\nRangeError ERR_INVALID_ASYNC_ID\nTypeError ERR_INVALID_ARG_TYPE\n',
    );
  });
});
