// @vitest-environment jsdom
/** fork's IPC channel in the offline runtime: messages both ways, disconnect on either side, Node's errors. */
import { describe, expect, it } from 'vitest';
import { createShell } from '@/lib/runtime-frame/offline/commands';
import { InputChannel } from '@/lib/runtime-frame/offline/process';
import { nodeDeps, workspace } from './node-run-helpers';

async function run(files: Record<string, string>, line = 'node /main.js') {
  const shell = createShell({ ...nodeDeps(workspace(files)), registry: 'http://registry.invalid' });
  let out = '';
  const code = await shell.runLine(line, {
    cwd: '/',
    env: { PATH: '/usr/bin' },
    signal: new AbortController().signal,
    stdin: new InputChannel(),
    write: (text) => void (out += text),
    writeError: (text) => void (out += text),
  });
  return { code, out };
}

describe('fork and IPC', () => {
  it('echoes messages from a forked child, which ends once its parent disconnects', async () => {
    const result = await run({
      '/main.js': `
const { fork } = require('child_process');
if (process.argv[2] === 'child') {
  console.log('child connected', process.connected, typeof process.channel.ref);
  process.on('message', (m) => process.send({ echo: m }));
  process.on('disconnect', () => console.log('child disconnected', process.connected));
  return;
}
console.log('parent send', typeof process.send, process.connected);
const child = fork(__filename, ['child']);
let n = 0;
child.on('message', (m) => {
  console.log('parent got', JSON.stringify(m));
  if (++n === 2) child.disconnect();
});
child.send('one', (e) => console.log('sent one', e));
child.send({ two: [2] });
child.on('disconnect', () => console.log('parent disconnect', child.connected));
child.on('error', (e) => console.log('error event', e.code, e.message));
child.on('exit', (code, signal) => {
  console.log('exit', code, signal);
  child.send('late', (e) => console.log('late', e.code, e.message));
});
`,
    });
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines[0]).toBe('parent send undefined undefined');
    expect(lines).toContain('sent one null');
    expect(lines).toContain('child connected true function');
    expect(result.out).toContain('parent got {"echo":"one"}\nparent got {"echo":{"two":[2]}}\nparent disconnect false\n');
    expect(lines).toContain('child disconnected false');
    expect(result.out).toContain('exit 0 null\nlate ERR_IPC_CHANNEL_CLOSED Channel closed\n');
  }, 20_000);

  it("sends JSON by default and structured clones with serialization 'advanced'; NODE_ commands are internal", async () => {
    const result = await run({
      '/main.js': `
const { fork, spawn } = require('child_process');
if (process.argv[2] === 'child') {
  process.send({ cmd: 'NODE_thing' });
  process.send({ map: new Map([[1, 2]]), bytes: new Uint8Array([7, 8]) });
  process.exit(0);
}
const show = (m) => m.map instanceof Map ? 'Map ' + m.map.get(1) + ' ' + m.bytes.constructor.name + ' ' + m.bytes[1] : JSON.stringify(m);
const json = fork(__filename, ['child']);
json.on('internalMessage', (m) => console.log('internal', m.cmd));
json.on('message', (m) => console.log('json', show(m)));
json.on('exit', () => {
  const advanced = spawn(process.execPath, [__filename, 'child'], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  advanced.on('message', (m) => console.log('advanced', show(m)));
});
`,
    });
    expect(result.out).toContain('internal NODE_thing\njson {"map":{},"bytes":{"0":7,"1":8}}\n');
    expect(result.out).toContain('advanced Map 2 Uint8Array 8\n');
    expect(result.out).not.toContain('NODE_thing"');
  }, 20_000);

  it('ends a child whose signal aborts with an AbortError, and refuses a message that is not one', async () => {
    const result = await run({
      '/main.js': `
const { fork } = require('child_process');
if (process.argv[2] === 'child') { setInterval(() => {}, 1000); return; }
const child = fork(__filename, ['child'], { signal: AbortSignal.abort(new Error('boom')) });
child.on('error', (e) => console.log(e.name, e.cause.message));
child.on('exit', (code, signal) => console.log('exit', code, signal));
try { child.send(undefined); } catch (e) { console.log(e.code); }
try { child.send(() => 1); } catch (e) { console.log(e.code); }
try { child.send('x', {}); } catch (e) { console.log(e.code); }
`,
    });
    expect(result.out).toBe('ERR_MISSING_ARGS\nERR_INVALID_ARG_TYPE\nERR_INVALID_HANDLE_TYPE\nAbortError boom\nexit null SIGTERM\n');
  }, 20_000);

  it("ends and closes a child's output streams after 'spawn', also the ones nobody reads", async () => {
    const result = await run({
      '/main.js': `
const { spawn } = require('child_process');
const child = spawn('echo', ['ok']);
const seen = [];
child.on('spawn', () => seen.push('spawn'));
child.stdout.on('data', (d) => seen.push('data ' + String(d).trim()));
for (const name of ['stdout', 'stderr']) for (const event of ['end', 'close']) child[name].on(event, () => seen.push(name + ' ' + event));
child.on('close', () => console.log(seen.sort().join(', ')));
`,
    });
    expect(result.out).toBe('data ok, spawn, stderr close, stderr end, stdout close, stdout end\n');
  }, 20_000);

  it('lets a child read its stdin through the old process.openStdin()', async () => {
    const result = await run({
      '/echo.js': "process.stdout.write('ready\\n'); process.openStdin().on('data', (d) => process.stdout.write('got ' + d));",
      '/main.js': `
const { spawn } = require('child_process');
const child = spawn('node', ['/echo.js']);
child.stdout.on('data', (d) => { console.log(JSON.stringify(String(d))); if (String(d) === 'ready\\n') child.stdin.end('x\\n'); });
`,
    });
    expect(result.out).toBe('"ready\\n"\n"got x\\n"\n');
  }, 20_000);

  it("takes stdio as one string, as Node does: 'pipe' gives piped streams and still the IPC channel", async () => {
    const result = await run({
      '/main.js': `
const { fork } = require('child_process');
if (process.argv[2] === 'child') {
  process.on('message', (m) => { process.stdout.write('child out ' + m + '\\n'); process.send('pong ' + m); process.disconnect(); });
  return;
}
try { fork(__filename, ['child'], { stdio: 'bogus' }); } catch (e) { console.log(e.name, e.code, e.message); }
const child = fork(__filename, ['child'], { stdio: 'pipe', serialization: 'advanced' });
console.log(typeof child.send, child.stdout !== null, child.connected);
let out = '';
child.stdout.on('data', (d) => (out += d));
child.on('message', (m) => console.log('parent got', m));
child.on('exit', (code) => console.log('exit', code, JSON.stringify(out)));
child.send('ping');
`,
    });
    expect(result.out).toBe(
      "TypeError ERR_INVALID_ARG_VALUE The argument 'stdio' is invalid. Received 'bogus'\nfunction true true\nparent got pong ping\nexit 0 \"child out ping\\n\"\n",
    );
  }, 20_000);
});
