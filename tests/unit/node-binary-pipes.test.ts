// @vitest-environment jsdom
/**
 * Bytes through a node process's standard streams: a parent and child speaking a binary protocol over the
 * child's stdin and stdout (as esbuild's WebAssembly service does), descriptors 0-2 through fs, unref'd
 * children, and byte output reaching a terminal or a pipe.
 */
import { describe, expect, it } from 'vitest';
import { runShellLine } from './node-shell-run';

// Reads requests with fs.read(0) as Go's runtime does, answers each byte plus one with fs.write(1), and waits
// for the next request until its input ends.
const SERVICE = `
const fs = require('fs');
const buffer = Buffer.alloc(4);
const next = () => fs.read(0, buffer, 0, buffer.length, null, (error, count) => {
  if (error) throw error;
  if (count === 0) return;
  const answer = Buffer.from(buffer.subarray(0, count).map((byte) => (byte + 1) & 0xff));
  fs.write(1, answer, 0, answer.length, null, (e) => { if (e) throw e; next(); });
});
next();
`;

describe('binary pipes between node processes', () => {
  it("carries bytes both ways through a child's stdin and stdout, and an unref'd child lets its parent end", async () => {
    const result = await runShellLine({
      '/service.js': SERVICE,
      '/main.js': `
const { spawn } = require('child_process');
const child = spawn('node', ['/service.js'], { stdio: ['pipe', 'pipe', 'inherit'] });
const answers = [];
child.stdout.on('data', (chunk) => {
  answers.push(...chunk);
  if (answers.length === 3) console.log('answer', answers.join(','));
  // Unref'd, the child that still waits for requests no longer keeps this process alive.
  if (answers.length === 8) console.log('answer', answers.slice(3).join(',')), child.unref();
});
child.stdin.write(new Uint8Array([0, 0xc3, 0xff]));
setTimeout(() => child.stdin.write(Buffer.from([0x80, 0xe2, 0x82, 0x41, 0xfe])), 500);
process.on('exit', () => console.log('parent exits, child running:', child.exitCode === null));
`,
    });
    expect(result.out).toBe('answer 1,196,0\nanswer 129,227,131,66,255\nparent exits, child running: true\n');
    expect(result.code).toBe(0);
  }, 20_000);

  it('passes bytes through a shell pipe and decodes a character split between writes to the terminal', async () => {
    const writer = `process.stdout.write(Buffer.from([0xff, 0x00, 0x80])); process.stdout.write(new Uint8Array([0xe2, 0x82]))`;
    const reader = `const got = []; process.stdin.on("data", (d) => got.push(...d)); process.stdin.on("end", () => console.log(got.join(",")))`;
    expect((await runShellLine({}, `node -e '${writer}' | node -e '${reader}'`)).out).toBe('255,0,128,226,130\n');
    const euro = `process.stdout.write(Buffer.from([0xe2, 0x82])); process.stdout.write(Buffer.from([0xac, 0x0a])); require("fs").writeSync(1, "fd one\\n"); require("fs").writeSync(2, Buffer.from("fd two\\n"))`;
    expect((await runShellLine({}, `node -e '${euro}'`)).out).toBe('€\nfd one\nfd two\n');
  });

  it('a reader of a pipe waits for its writer to end it, however long the writer takes to start writing', async () => {
    const late = `setTimeout(() => console.log("late"), 700)`;
    const reader = `let got = ""; process.stdin.on("data", (d) => (got += d)); process.stdin.on("end", () => console.log("got", JSON.stringify(got)))`;
    expect((await runShellLine({}, `node -e '${late}' | node -e '${reader}'`)).out).toBe('got "late\\n"\n');
  });

  it('answers EAGAIN to a synchronous read of descriptor 0, and an fs.read of it holds the process until input ends', async () => {
    const result = await runShellLine(
      {
        '/main.js': `
const fs = require('fs');
try { fs.readSync(0, Buffer.alloc(1)); } catch (e) { console.log(e.code, e.syscall); }
fs.read(0, Buffer.alloc(8), 0, 8, null, (error, count, buffer) => {
  console.log('read', count, buffer.subarray(0, count).toString());
  fs.read(0, Buffer.alloc(8), 0, 8, null, (e2, more) => console.log('then', more));
});
`,
      },
      `node -e 'setTimeout(() => console.log("late"), 700)' | node /main.js`,
    );
    expect(result.out).toBe('EAGAIN read\nread 5 late\n\nthen 0\n');
  });
});
