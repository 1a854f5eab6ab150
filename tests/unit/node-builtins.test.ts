// @vitest-environment jsdom
/**
 * What old and new npm packages expect of Node's built-ins and process in the offline runtime's `node`:
 * function-constructible emitters and streams, diagnostics channels, exit codes, the reported version.
 */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

describe('node: built-in modules', () => {
  it('supports class X extends EventEmitter and EventEmitter.call(this) with util.inherits', async () => {
    const vfs = workspace({
      '/main.js': [
        "const EventEmitter = require('events');",
        "const util = require('util');",
        'class Modern extends EventEmitter {}',
        'function Legacy() { EventEmitter.call(this); this.legacy = true; }',
        'util.inherits(Legacy, EventEmitter);',
        "const m = new Modern(); m.on('x', (v) => console.log('modern', v)); m.emit('x', 1);",
        "const l = new Legacy(); l.once('y', (v) => console.log('legacy', v, l.legacy)); l.emit('y', 2); l.emit('y', 3);",
        "console.log(l instanceof EventEmitter, require('http').createServer() instanceof EventEmitter, EventEmitter.EventEmitter === EventEmitter);",
      ].join('\n'),
    });
    expect(await node(vfs, ['main.js'])).toMatchObject({ code: 0, output: 'modern 1\nlegacy 2 true\ntrue true true\n' });
  });

  it('supports Stream.call(this) for old-style streams, with the classic pipe', async () => {
    const vfs = workspace({
      '/main.js': [
        "const Stream = require('stream');",
        "const util = require('util');",
        'function Source() { Stream.call(this); this.readable = true; }',
        'util.inherits(Source, Stream);',
        'function Sink() { Stream.Writable.call(this); this.got = []; }',
        'util.inherits(Sink, Stream.Writable);',
        'Sink.prototype.write = function (chunk) { this.got.push(String(chunk)); return true; };',
        "Sink.prototype.end = function () { console.log('sink got', this.got.join('')); };",
        'const source = new Source();',
        'source.pipe(new Sink());',
        "source.emit('data', 'ab'); source.emit('data', 'c'); source.emit('end');",
        'class Upper extends Stream.Transform {}',
        'console.log(source instanceof Stream, new Upper() instanceof Stream, new Stream.Readable() instanceof Stream.Stream);',
      ].join('\n'),
    });
    expect(await node(vfs, ['main.js'])).toMatchObject({ code: 0, output: 'sink got abc\ntrue true true\n' });
  });

  it('builds streams from options and _write/_transform, in order, with finish, close and end', async () => {
    const vfs = workspace({
      '/main.js': [
        "const { Readable, Writable, Transform } = require('stream');",
        'const seen = [];',
        'const sink = new Writable({',
        '  write(chunk, encoding, done) { setTimeout(() => { seen.push(String(chunk)); done(); }, 5); },',
        "  final(done) { seen.push('final'); done(); },",
        '});',
        'class Upper extends Transform { _transform(chunk, encoding, done) { done(null, String(chunk).toUpperCase()); } }',
        "sink.on('finish', () => console.log('finish', seen.join(' ')));",
        "sink.on('close', () => console.log('close'));",
        "Readable.from(['a', 'b']).pipe(new Upper()).pipe(sink);",
      ].join('\n'),
    });
    expect((await node(vfs, ['main.js'])).output).toBe('finish A B final\nclose\n');
  });

  it('reads files as Buffers and streams them whole, as static file servers serve them', async () => {
    const vfs = workspace({
      '/site/index.html': '<h1>Served</h1>',
      '/main.js': [
        "const fs = require('fs');",
        "const bytes = fs.readFileSync('/site/index.html');",
        'console.log(Buffer.isBuffer(bytes), bytes instanceof Buffer);',
        "fs.readFile('/site/index.html', (error, data) => console.log('readFile', Buffer.isBuffer(data)));",
        "let text = ''; fs.createReadStream('/site/index.html').on('data', (c) => (text += c)).on('end', () => console.log('stream', text));",
        // Under Vitest the streams package defers with the host's own nextTick, which no process owns.
        'setTimeout(() => {}, 200);',
      ].join('\n'),
    });
    const run = await node(vfs, ['main.js']);
    expect(run.output.split('\n').sort().join('\n')).toBe(['', 'readFile true', 'stream <h1>Served</h1>', 'true true'].join('\n'));
  });

  it('has diagnostics_channel with Node’s shape (hasSubscribers, channels, tracing channels)', async () => {
    const vfs = workspace({
      '/main.mjs': [
        "import dc from 'node:diagnostics_channel';",
        "const ch = dc.channel('my');",
        "const before = [dc.hasSubscribers('my'), ch.hasSubscribers];",
        "const listener = (message) => console.log('got', message.n);",
        "dc.subscribe('my', listener); ch.publish({ n: 1 });",
        "const during = dc.hasSubscribers('my'); dc.unsubscribe('my', listener);",
        "const tc = dc.tracingChannel('req');",
        "console.log(before, during, dc.hasSubscribers('my'), tc.start.hasSubscribers, tc.hasSubscribers, tc.traceSync(() => 'ran'));",
      ].join('\n'),
    });
    expect((await node(vfs, ['main.mjs'])).output).toBe('got 1\n[ false, false ] true false false false ran\n');
  });
});

describe('node: crypto', () => {
  it('gives the real digests and HMACs that Node gives', async () => {
    const vfs = workspace({
      '/main.js': [
        "const crypto = require('crypto');",
        "for (const alg of ['md5', 'sha1', 'sha256', 'sha512']) console.log(alg, crypto.createHash(alg).update('ab').update(Buffer.from('c')).digest('hex'));",
        "console.log('hmac', crypto.createHmac('sha256', 'key').update('abc').digest('hex'));",
        "console.log('base64', crypto.createHash('sha1').update('').digest('base64'));",
      ].join('\n'),
    });
    expect((await node(vfs, ['main.js'])).output).toBe(
      [
        'md5 900150983cd24fb0d6963f7d28e17f72',
        'sha1 a9993e364706816aba3e25717850c26c9cd0d89d',
        'sha256 ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
        'sha512 ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
        'hmac 9c196e32dc0175f86f4b1cb89289d6619de6bee699e4c378e68309ed97a1a6ab',
        'base64 2jmj7l5rSw0yVb/vlWAYkK/YBwk=',
        '',
      ].join('\n'),
    );
  });

  it('hashes with SHA-3 and as a stream: what is piped in is hashed, the digest is read at the end', async () => {
    const vfs = workspace({
      '/main.js': [
        "const crypto = require('crypto');",
        "const { PassThrough } = require('stream');",
        "const hash = crypto.createHash('sha3-256');",
        'const source = new PassThrough();',
        "source.pipe(hash).setEncoding('hex').on('data', (hex) => console.log(hex, hash.digest('hex') === hex));",
        "source.end('abc');",
      ].join('\n'),
    });
    expect((await node(vfs, ['main.js'])).output).toBe('3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532 true\n');
  });
});

describe('node: the network on this machine', () => {
  it('reaches its own servers with http.get on localhost, and is refused on a port nobody listens on', async () => {
    const vfs = workspace({
      '/main.js': [
        "const http = require('http');",
        "const net = require('net');",
        "const server = http.createServer((req, res) => res.end('pong ' + req.method + ' ' + req.url));",
        'server.listen(4321, () => {',
        "  http.get('http://localhost:4321/ping?x=1', (res) => {",
        "    let body = ''; res.on('data', (c) => (body += c));",
        "    res.on('end', () => { console.log(res.statusCode, body); server.close(); });",
        '  });',
        '});',
        "http.get('http://127.0.0.1:4999/').on('error', (e) => console.log('http', e.code));",
        "net.connect(4998, 'localhost').on('error', (e) => console.log('net', e.code));",
      ].join('\n'),
    });
    const output = (await node(vfs, ['main.js'])).output.split('\n').filter(Boolean).sort();
    expect(output).toEqual(['200 pong GET /ping?x=1', 'http ECONNREFUSED', 'net ECONNREFUSED']);
  });
});

describe('node: process', () => {
  it('ends with process.exitCode when the program sets it', async () => {
    const vfs = workspace({ '/main.js': "process.exitCode = 3;\nconsole.log('done');\n" });
    expect(await node(vfs, ['main.js'])).toMatchObject({ code: 3, output: 'done\n' });
  });

  it('ends with the code given to process.exit(), later and from an ES module too, and runs nothing after it', async () => {
    const vfs = workspace({
      '/main.mjs': "process.on('exit', (code) => console.log('exit', code));\nsetTimeout(() => { process.exit(4); console.log('never'); }, 10);\n",
    });
    expect(await node(vfs, ['main.mjs'])).toMatchObject({ code: 4, output: 'exit 4\n' });
    expect(await node(vfs, ['-e', 'try { process.exit(5) } catch (e) { console.log("caught") }'])).toMatchObject({ code: 5, output: '' });
  });

  it('fails with 1 on an uncaught error in an awaiting ES module', async () => {
    const vfs = workspace({ '/main.mjs': "await null;\nthrow new Error('boom');\n" });
    const run = await node(vfs, ['main.mjs']);
    expect(run.code).toBe(1);
    expect(run.errors).toContain('Error: boom');
  });

  it('reports the same version for node -v and process.version', async () => {
    const vfs = workspace({});
    const version = (await node(vfs, ['-v'])).output.trim();
    expect(version).toMatch(/^v22\.\d+\.\d+$/);
    expect((await node(vfs, ['-p', '[process.version, process.versions.node].join(" ")'])).output).toBe(`${version} ${version.slice(1)}\n`);
  });

  it('gives each process its own cwd, argv and env, and chdir checks the folder', async () => {
    const vfs = workspace({
      '/sub/x.txt': 'hi',
      '/sub/main.js':
        "console.log(process.cwd(), process.argv.slice(1).join(' '), require('fs').readFileSync('x.txt', 'utf8'));\ntry { process.chdir('/missing'); } catch (e) { console.log(e.code); }\nprocess.chdir('..'); console.log(process.cwd());\n",
    });
    expect((await node(vfs, ['main.js', 'a', 'b'], '/sub')).output).toBe('/sub /sub/main.js a b hi\nENOENT\n/\n');
  });

  it('reads piped input as Buffers (or text once an encoding is set), to its end, also with for await', async () => {
    const vfs = workspace({
      '/buffers.js':
        "const parts = []; process.stdin.on('data', (c) => parts.push(c)); process.stdin.on('end', () => console.log(Buffer.isBuffer(parts[0]), Buffer.concat(parts).toString().trim()));\n",
      '/lines.mjs':
        "process.stdin.setEncoding('utf8'); let text = ''; for await (const chunk of process.stdin) text += chunk; console.log(text.split('\\n').filter(Boolean).length, 'lines');\n",
    });
    expect((await node(vfs, ['buffers.js'], '/', 'hello\n')).output).toBe('true hello\n');
    expect((await node(vfs, ['lines.mjs'], '/', 'a\nb\nc\n')).output).toBe('3 lines\n');
  });

  it('writes console.error and process.stderr to error output, apart from stdout', async () => {
    const vfs = workspace({});
    const run = await node(vfs, ['-e', 'console.log("out"); console.error("err"); process.stderr.write("raw\\n")']);
    expect(run).toMatchObject({ output: 'out\n', errors: 'err\nraw\n' });
  });
});
