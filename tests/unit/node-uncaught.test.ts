// @vitest-environment jsdom
/**
 * What Node does with an error nobody catches: a process without a listener prints it and ends with code 1
 * (its 'exit' listeners run; its servers and timers stop), while 'uncaughtException' and 'unhandledRejection'
 * listeners receive it and the process lives on.
 */
import { describe, expect, it } from 'vitest';
import { node, trackServers, workspace } from './node-run-helpers';

const servers = trackServers();

// A browser reports what a timer or a promise throws as the window's 'error' / 'unhandledrejection' event; jsdom's
// timers here are Node's, so the programs below report their errors the way the page would see them.
const report = [
  "const uncaught = (error) => dispatchEvent(new ErrorEvent('error', { error, message: error.message, cancelable: true }));",
  "const unhandled = (reason) => dispatchEvent(Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason, promise: Promise.resolve() }));",
].join('\n');

describe('node: uncaught errors', () => {
  it('ends a process whose timer throws, with code 1, even while a server of it listens', async () => {
    const vfs = workspace({
      '/main.js': [
        "require('http').createServer((req, res) => res.end('hi')).listen(3201);",
        "process.on('exit', (code) => console.log('exit', code));",
        report,
        "setTimeout(() => uncaught(new Error('boom')), 20);",
        "setInterval(() => console.log('still here'), 1000);",
      ].join('\n'),
    });
    const run = await node(vfs, ['main.js'], '/', undefined, { servers });
    expect(run.code).toBe(1);
    expect(run.errors).toContain('Error: boom');
    expect(run.output).toBe('exit 1\n');
  });

  it('ends a process on a rejection nobody handles, naming a non-Error reason as Node does', async () => {
    const vfs = workspace({ '/main.js': `${report}\nsetTimeout(() => {}, 5000);\nsetTimeout(() => unhandled(42), 10);\n` });
    const run = await node(vfs, ['main.js']);
    expect(run.code).toBe(1);
    expect(run.errors).toContain('The promise rejected with the reason "42".');
  });

  it("hands the error to 'uncaughtException' and 'unhandledRejection' listeners and lives on", async () => {
    const vfs = workspace({
      '/main.js': [
        "process.on('uncaughtException', (error, origin) => console.log('caught', error.message, origin));",
        "process.on('unhandledRejection', (reason) => console.log('rejected', reason.message));",
        report,
        "setTimeout(() => uncaught(new Error('one')), 10);",
        "setTimeout(() => unhandled(new Error('two')), 30);",
        "setTimeout(() => console.log('after both'), 80);",
      ].join('\n'),
    });
    const run = await node(vfs, ['main.js']);
    expect(run).toMatchObject({ code: 0, output: 'caught one uncaughtException\nrejected two\nafter both\n' });
  });

  it("hands what the main module throws to an 'uncaughtException' listener, and the process ends as its work does", async () => {
    const vfs = workspace({
      '/main.js': [
        "process.on('uncaughtException', (error, origin) => console.log('caught', error.message, origin));",
        "setTimeout(() => console.log('timer still runs'), 10);",
        "throw new Error('at the top');",
      ].join('\n'),
    });
    const run = await node(vfs, ['main.js']);
    expect(run).toMatchObject({ code: 0, output: 'caught at the top uncaughtException\ntimer still runs\n' });
  });
});
