// @vitest-environment jsdom
/** child_process in the offline runtime: children are processes of the runtime's own shell, with Node's events. */
import { describe, expect, it } from 'vitest';
import { runShellLine } from './node-shell-run';

describe('child_process', () => {
  it('spawns node with piped output, then exit and close with the code', async () => {
    const result = await runShellLine({
      '/main.js': `
const { spawn } = require('child_process');
const child = spawn('node', ['-e', 'console.log(1+1); console.error("warn"); process.exitCode = 3']);
let out = '', err = '';
child.on('spawn', () => console.log('spawned', typeof child.pid));
child.stdout.on('data', (d) => (out += d));
child.stderr.on('data', (d) => (err += d));
child.on('exit', (code, signal) => console.log('exit', code, signal));
child.on('close', (code) => console.log('close', code, JSON.stringify(out), JSON.stringify(err)));
`,
    });
    expect(result).toEqual({ code: 0, out: 'spawned number\nexit 3 null\nclose 3 "2\\n" "warn\\n"\n' });
  });

  it("passes output through with stdio 'inherit', writes to a child's stdin, and runs package bins", async () => {
    const result = await runShellLine({
      '/node_modules/.bin/hello': '#!/usr/bin/env node\nconsole.log("hello from the bin", process.argv[2]);\n',
      '/main.js': `
const { spawn } = require('child_process');
const bin = spawn('hello', ['there'], { stdio: 'inherit' });
bin.on('close', (code) => {
  const upper = spawn('node', ['-e', 'process.stdin.on("data", (d) => process.stdout.write(String(d).toUpperCase()))']);
  upper.stdout.on('data', (d) => process.stdout.write('child says ' + d + '\\n'));
  upper.on('close', (code2) => console.log('done', code, code2));
  upper.stdin.write('abc');
  upper.stdin.end();
});
`,
    });
    expect(result.out).toBe('hello from the bin there\nchild says ABC\ndone 0 0\n');
  });

  it('kills a child with a signal, execs through the shell, and reports a missing command as ENOENT', async () => {
    const result = await runShellLine({
      '/main.js': `
const { spawn, exec, execSync } = require('child_process');
const forever = spawn('node', ['-e', 'setInterval(() => {}, 1000)']);
forever.on('exit', (code, signal) => {
  console.log('killed', code, signal, forever.killed);
  exec('echo one && exit 4', (error, stdout) => {
    console.log(JSON.stringify(stdout), error.code);
    spawn('no-such-command').on('error', (e) => {
      console.log(e.code, e.message);
      try { execSync('ls'); } catch (e2) { console.log(e2.code); }
    });
  });
});
setTimeout(() => forever.kill('SIGINT'), 100);
`,
    });
    expect(result.out).toContain('killed null SIGINT true\n"one\\n" 4\nENOENT spawn no-such-command ENOENT\nERR_FEATURE_UNAVAILABLE_ON_PLATFORM\n');
  });

  it("checks spawn's and execFile's arguments with Node's errors before running anything", async () => {
    const result = await runShellLine({
      '/main.js': `
const { spawn, execFile, fork } = require('child_process');
const tries = [
  () => spawn('ls', 'not an array'), () => spawn(), () => spawn(''), () => spawn('ls', [], null), () => spawn('ls', [], { uid: 2 ** 63 }),
  () => spawn('ls', [], { shell: 1 }), () => spawn('ls', [], { timeout: -1 }), () => spawn('ls', [], { killSignal: 'SIGNOPE' }),
  () => execFile('ls', ['a'], 'options'), () => execFile('ls', [], {}, 'callback'), () => execFile('ls', [], { maxBuffer: -1 }),
  () => fork('/main.js', 'args'), () => fork('/main.js', [], []), () => fork('/main.js', { stdio: ['pipe', 'pipe', 'pipe'] }),
];
for (const attempt of tries) {
  try { attempt(); console.log('ran'); } catch (error) { console.log(error.name, error.code); }
}
`,
    });
    expect(result.out).toBe(
      [
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_VALUE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'RangeError ERR_OUT_OF_RANGE',
        'TypeError ERR_UNKNOWN_SIGNAL',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'RangeError ERR_OUT_OF_RANGE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'Error ERR_CHILD_PROCESS_IPC_REQUIRED',
        '',
      ].join('\n'),
    );
  });

  it('ends an execFile child whose output passes maxBuffer, with the RangeError Node gives', async () => {
    const result = await runShellLine({
      '/main.js': `
const { execFile } = require('child_process');
execFile('node', ['-e', 'console.log("x".repeat(20))'], { maxBuffer: 5 }, (error, stdout) => {
  console.log(error.name, error.code, error.message, JSON.stringify(stdout));
  execFile('node', ['-e', 'console.log("ok")'], { maxBuffer: Infinity }, (again, out) => console.log(again, JSON.stringify(out)));
});
`,
    });
    expect(result.out).toBe('RangeError ERR_CHILD_PROCESS_STDIO_MAXBUFFER stdout maxBuffer length exceeded "xxxxx"\nnull "ok\\n"\n');
  });
});
