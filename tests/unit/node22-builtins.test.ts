// @vitest-environment jsdom
/**
 * Node 22's built-in modules as real scaffolders and CLIs use them, in the offline runtime's `node`: every
 * module Node lists exists, util/stream/timers/fs/crypto/async_hooks give what Node gives (results compared with
 * this machine's own Node where they must be equal), and what cannot work in a tab says so in Node's words.
 */
import { builtinModules } from 'node:module';
import * as hostCrypto from 'node:crypto';
import { styleText as hostStyleText } from 'node:util';
import { crc32, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

const script = (lines: string[]) => lines.join('\n');

describe('node 22 built-in modules: names', () => {
  it('has every module Node 22 lists in builtinModules, by require and by import', async () => {
    // Node 24's list less the node:-only names it added to the list after 22 (node:sea, node:sqlite, node:test…).
    const node22 = builtinModules.filter((name) => !name.startsWith('node:'));
    const vfs = workspace({
      '/names.json': JSON.stringify(node22),
      '/main.mjs': script([
        "import { createRequire, builtinModules } from 'node:module';",
        'const require = createRequire(import.meta.url);',
        "const names = require('./names.json');",
        'const failed = [];',
        'for (const name of names) {',
        '  try { require(name); await import(`node:${name}`); } catch (e) { failed.push(`${name}: ${e.message}`); }',
        '}',
        'console.log(JSON.stringify(failed), names.every((n) => builtinModules.includes(n)));',
      ]),
    });
    expect(await node(vfs, ['main.mjs'])).toMatchObject({ code: 0, output: '[] true\n' });
  });
});

describe('node 22 built-in modules: util', () => {
  it('styleText colours what a terminal shows, and not under NO_COLOR, FORCE_COLOR=0 or for a stream that is no TTY', async () => {
    const vfs = workspace({
      '/main.mjs': script([
        "import { styleText } from 'node:util';",
        "import { PassThrough } from 'node:stream';",
        'const show = (text) => JSON.stringify(text);',
        "console.log(show(styleText(['bold', 'red'], 'hi')));",
        "console.log(show(styleText('green', 'pipe', { stream: new PassThrough() })));",
        "console.log(show(styleText('green', 'forced', { stream: new PassThrough(), validateStream: false })));",
        "process.env.NO_COLOR = '1'; console.log(show(styleText('red', 'no colour')));",
        "delete process.env.NO_COLOR; process.env.FORCE_COLOR = '0'; console.log(show(styleText('red', 'forced off')));",
        "try { styleText('rainbow', 'x'); } catch (e) { console.log(e.code, e.message.includes(\"The argument 'format' must be one of: 'reset', 'bold'\"), e.message.endsWith(\"Received 'rainbow'\")); }",
        "try { styleText('red', 5); } catch (e) { console.log(e.code, e.message); }",
      ]),
    });
    const expected = [
      JSON.stringify(hostStyleText(['bold', 'red'], 'hi', { validateStream: false })),
      '"pipe"',
      JSON.stringify(hostStyleText('green', 'forced', { validateStream: false })),
      '"no colour"',
      '"forced off"',
      'ERR_INVALID_ARG_VALUE true true',
      'ERR_INVALID_ARG_TYPE The "text" argument must be of type string. Received type number (5)',
      '',
    ].join('\n');
    // Run in a terminal: process.stdout is then a TTY, which styleText checks before colouring.
    expect(await node(vfs, ['main.mjs'], '/', undefined, { terminal: true })).toMatchObject({ code: 0, output: expected });
  });

  it('has parseArgs, stripVTControlCharacters, system error names, MIMEType, types, promisify.custom, aborted and debuglog', async () => {
    const vfs = workspace({
      '/main.mjs': script([
        "import util, { parseArgs, stripVTControlCharacters, getSystemErrorName, MIMEType, types, promisify, aborted, debuglog } from 'node:util';",
        "const { values, positionals } = parseArgs({ options: { template: { type: 'string', short: 't' }, force: { type: 'boolean' } }, allowPositionals: true });",
        "console.log(JSON.stringify(values), positionals.join(','));",
        "try { parseArgs({ args: ['--nope'], options: {} }); } catch (e) { console.log(e.code); }",
        "console.log(JSON.stringify(stripVTControlCharacters('\\u001b[1m\\u001b[31mbold\\u001b[39m\\u001b[22m \\u001b]8;;https://x\\u0007link\\u001b]8;;\\u0007')));",
        'console.log(getSystemErrorName(-2), getSystemErrorName(-13), util.getSystemErrorMap().get(-17)[0]);',
        'const mime = new MIMEType(\'Text/HTML; Charset="utf-8"; x=1\');',
        "console.log(mime.essence, mime.params.get('charset'), String(mime));",
        'console.log(types.isPromise(Promise.resolve()), types.isAsyncFunction(async () => {}), types.isUint8Array(new Uint8Array()), types.isDate(1));',
        "function legacy(cb) { cb(null, 'plain'); }",
        "legacy[promisify.custom] = () => Promise.resolve('custom');",
        "console.log(await promisify(legacy)(), promisify.custom === Symbol.for('nodejs.util.promisify.custom'));",
        "const controller = new AbortController(); const waiting = aborted(controller.signal, {}); controller.abort(); await waiting; console.log('aborted');",
        "process.env.NODE_DEBUG = 'mytool'; const log = debuglog('mytool'); log('hello %d', 42); console.log(log.enabled, debuglog('other').enabled);",
      ]),
    });
    const run = await node(vfs, ['main.mjs', '-t', 'react-ts', '--force', 'my-app']);
    expect(run.output).toBe(
      [
        '{"template":"react-ts","force":true} my-app',
        'ERR_PARSE_ARGS_UNKNOWN_OPTION',
        '"bold link"',
        'ENOENT EACCES EEXIST',
        'text/html utf-8 text/html;charset=utf-8;x=1',
        'true true true false',
        'custom true',
        'aborted',
        'true false',
        '',
      ].join('\n'),
    );
    expect(run.errors).toMatch(/^MYTOOL \d+: hello 42\n$/);
  });
});

describe('node 22 built-in modules: streams and timers', () => {
  it('reads whole streams with stream/consumers (text, json, buffer, arrayBuffer, blob), Node and web streams alike', async () => {
    const vfs = workspace({
      '/main.mjs': script([
        "import { text, json, buffer, arrayBuffer, blob } from 'node:stream/consumers';",
        "import { Readable } from 'node:stream';",
        "import { ReadableStream } from 'node:stream/web';",
        'const web = (parts) => new ReadableStream({ start(c) { for (const p of parts) c.enqueue(new TextEncoder().encode(p)); c.close(); } });',
        "console.log(await text(Readable.from(['he', 'llo'])), JSON.stringify(await json(web(['{\"a\":', '1}']))));",
        "const b = await buffer(Readable.from([Buffer.from('ab'), Buffer.from('c')]));",
        "console.log(Buffer.isBuffer(b), b.toString(), (await arrayBuffer(web(['xyz']))).byteLength, (await blob(web(['12345']))).size);",
      ]),
    });
    expect(await node(vfs, ['main.mjs'])).toMatchObject({ code: 0, output: 'hello {"a":1}\ntrue abc 3 5\n' });
  });

  it('has timers/promises with values, abort signals, setInterval as an async iterator and scheduler.wait', async () => {
    const vfs = workspace({
      '/main.mjs': script([
        "import { setTimeout as sleep, setImmediate, setInterval, scheduler } from 'node:timers/promises';",
        "console.log(await sleep(5, 'slept'), await setImmediate('next'));",
        "const controller = new AbortController(); const pending = sleep(10000, 'never', { signal: controller.signal }); controller.abort();",
        'try { await pending; } catch (e) { console.log(e.name, e.code); }',
        "let ticks = 0; for await (const value of setInterval(2, 'tick')) { ticks++; if (ticks === 3) { console.log(value, ticks); break; } }",
        "await scheduler.wait(2); await scheduler.yield(); console.log('waited');",
      ]),
    });
    expect(await node(vfs, ['main.mjs'])).toMatchObject({ code: 0, output: 'slept next\nAbortError ABORT_ERR\ntick 3\nwaited\n' });
  });
});

describe('node 22 built-in modules: zlib streams', () => {
  it('gunzips what Node gzipped through createGunzip, round-trips Gzip/Deflate streams and has crc32', async () => {
    const gzipped = gzipSync('hello from a tarball '.repeat(50)).toString('base64');
    const vfs = workspace({
      '/main.mjs': script([
        "import { createGunzip, createGzip, createDeflate, createInflate, gunzipSync, crc32 } from 'node:zlib';",
        "import { Readable } from 'node:stream';",
        "import { text, buffer } from 'node:stream/consumers';",
        `const unpacked = await text(Readable.from([Buffer.from('${gzipped}', 'base64')]).pipe(createGunzip()));`,
        'console.log(unpacked.length, unpacked.slice(0, 10));',
        "const packed = await buffer(Readable.from([Buffer.from('abc'), Buffer.from('def')]).pipe(createGzip()));",
        'console.log(gunzipSync(packed).toString(), await text(Readable.from([packed]).pipe(createGunzip())));',
        "console.log(await text(Readable.from(['round']).pipe(createDeflate()).pipe(createInflate())), crc32('hello'));",
        "createGunzip().on('error', (e) => console.log('bad data', e.code)).end(Buffer.from('not gzip'));",
      ]),
    });
    expect(await node(vfs, ['main.mjs'])).toMatchObject({
      code: 0,
      output: `1050 hello from\nabcdef abcdef\nround ${crc32('hello')}\nbad data Z_DATA_ERROR\n`,
    });
  });
});

describe('node 22 built-in modules: fs', () => {
  it('has every call in callback and promise form, relative to the cwd, with cp, opendir, mkdtemp and recursive readdir', async () => {
    const vfs = workspace({
      '/w/tpl/a.txt': 'A',
      '/w/tpl/sub/b.txt': 'B',
      '/w/main.mjs': script([
        "import fs from 'node:fs';",
        "import { cp, opendir, mkdtemp, realpath, rename, rm, appendFile, readFile } from 'node:fs/promises';",
        "import { promisify } from 'node:util';",
        "await promisify(fs.mkdir)('made/deep', { recursive: true });",
        "await new Promise((resolve, reject) => fs.writeFile('made/deep/x.txt', 'x', (e) => (e ? reject(e) : resolve())));",
        "await cp('tpl', 'copy', { recursive: true });",
        "await rename('copy/a.txt', 'copy/renamed.txt');",
        "await appendFile('copy/renamed.txt', '+more');",
        "console.log(fs.readdirSync('copy', { recursive: true }).sort().join(','), await readFile('copy/renamed.txt', 'utf8'));",
        "const dir = await opendir('copy'); const names = []; for await (const entry of dir) names.push(entry.name + (entry.isDirectory() ? '/' : '')); console.log(names.sort().join(','));",
        // As Node does, a relative prefix gives a relative path, made under the cwd.
        "const temp = await mkdtemp('tmp-'); console.log(/^tmp-\\w{6}$/.test(temp) && fs.statSync('/w/' + temp).isDirectory(), await realpath('made/../made'));",
        "await rm('copy', { recursive: true }); console.log(fs.existsSync('copy'), fs.readFileSync('made/deep/x.txt', 'utf8'));",
        "fs.exists('tpl', (yes) => console.log('exists', yes));",
      ]),
    });
    expect(await node(vfs, ['main.mjs'], '/w')).toMatchObject({
      code: 0,
      output: 'renamed.txt,sub,sub/b.txt A+more\nrenamed.txt,sub/\ntrue /w/made\nfalse x\nexists true\n',
    });
  });

  it('says in Node’s words that this file system has no links', async () => {
    const vfs = workspace({
      '/f.txt': 'x',
      '/main.js': script([
        "const fs = require('fs');",
        "try { fs.symlinkSync('f.txt', 'l'); } catch (e) { console.log(e.code, e.message); }",
        "try { fs.readlinkSync('f.txt'); } catch (e) { console.log(e.code, e.syscall); }",
        "fs.promises.symlink('f.txt', 'l').catch((e) => console.log('promise', e.code));",
      ]),
    });
    expect((await node(vfs, ['main.js'])).output).toBe(
      'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM The feature fs.symlink (this file system has no links) is unavailable on the current platform, which is being used to run Node.js (a browser tab)\nEINVAL readlink\npromise ERR_FEATURE_UNAVAILABLE_ON_PLATFORM\n',
    );
  });
});

describe('node 22 built-in modules: crypto, async_hooks, module, repl', () => {
  it('derives the keys Node derives (scrypt, pbkdf2, hkdf) and has randomUUID and webcrypto', async () => {
    const vfs = workspace({
      '/main.js': script([
        "const crypto = require('crypto');",
        "console.log(crypto.scryptSync('pw', 'salt', 16, { N: 1024 }).toString('hex'));",
        "console.log(crypto.pbkdf2Sync('pw', 'salt', 1000, 20, 'sha256').toString('hex'));",
        "console.log(Buffer.from(crypto.hkdfSync('sha256', 'key', 'salt', 'info', 16)).toString('hex'));",
        "crypto.scrypt('pw', 'salt', 8, (e, key) => console.log('async', key.toString('hex')));",
        'console.log(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID()), typeof crypto.webcrypto.subtle.digest);',
        "try { crypto.generatePrimeSync(16); } catch (e) { console.log(e.code, e.message.includes('crypto.generatePrimeSync')); }",
      ]),
    });
    const expected = [
      hostCrypto.scryptSync('pw', 'salt', 16, { N: 1024 }).toString('hex'),
      hostCrypto.pbkdf2Sync('pw', 'salt', 1000, 20, 'sha256').toString('hex'),
      Buffer.from(hostCrypto.hkdfSync('sha256', 'key', 'salt', 'info', 16)).toString('hex'),
      'true function',
      'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM true',
      `async ${hostCrypto.scryptSync('pw', 'salt', 8).toString('hex')}`,
      '',
    ].join('\n');
    expect((await node(vfs, ['main.js'])).output).toBe(expected);
  });

  it('keeps AsyncLocalStorage stores through run, exit, enterWith and bound callbacks', async () => {
    const vfs = workspace({
      '/main.mjs': script([
        "import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';",
        'const als = new AsyncLocalStorage(); const other = new AsyncLocalStorage();',
        'const seen = [];',
        'let later;',
        "als.run('outer', () => {",
        "  other.run('o', () => seen.push(als.getStore() + '/' + other.getStore()));",
        '  als.exit(() => seen.push(String(als.getStore())));',
        '  later = AsyncResource.bind(() => als.getStore());',
        '  seen.push(als.getStore());',
        '});',
        'seen.push(String(als.getStore()), later());',
        "als.enterWith('entered'); seen.push(als.getStore());",
        "console.log(seen.join(' '));",
      ]),
    });
    expect((await node(vfs, ['main.mjs'])).output).toBe('outer/o undefined outer undefined outer entered\n');
  });

  it('accepts module.register and says its hooks do not run; repl.start says it cannot run in a tab', async () => {
    const vfs = workspace({
      '/main.mjs': script([
        "import { register } from 'node:module';",
        "register('./hooks.mjs', import.meta.url);",
        "console.log(process.getBuiltinModule('node:path') === (await import('node:path')).default, process.getBuiltinModule('left-pad'));",
        "const repl = await import('node:repl');",
        'try { repl.start(); } catch (e) { console.log(e.code, String(e)); }',
      ]),
    });
    const run = await node(vfs, ['main.mjs']);
    expect(run.output).toBe(
      'true undefined\nERR_FEATURE_UNAVAILABLE_ON_PLATFORM Error [ERR_FEATURE_UNAVAILABLE_ON_PLATFORM]: The feature repl.start is unavailable on the current platform, which is being used to run Node.js (a browser tab)\n',
    );
    expect(run.errors).toContain("module.register('./hooks.mjs'): customization hooks are not run by this runtime's module loader");
  });
});
