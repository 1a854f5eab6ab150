// @vitest-environment jsdom
/**
 * The offline runtime's `path`, `querystring` and `string_decoder` give what Node gives: the same program's
 * output is compared with what this machine's own Node prints for it, on the cases where simpler
 * implementations differ (win32 paths, UNC roots, '..' above the root, multi-character separators, malformed
 * escapes, invalid UTF-8 cut between writes).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

/** What the host's Node prints for `source`, run from '/' as the runtime runs it. */
function hostOutput(source: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'tabsmith-')), 'main.js');
  writeFileSync(file, source);
  return execFileSync(process.execPath, [file], { cwd: '/', encoding: 'utf8' });
}

async function expectSameAsNode(lines: string[]) {
  const source = lines.join('\n');
  const result = await node(workspace({ '/main.js': source }), ['main.js']);
  expect(result.errors).toBe('');
  expect(result.output).toBe(hostOutput(source));
}

const show = 'const show = (value) => console.log(JSON.stringify(value));';
const tryShow = 'const tryShow = (fn) => { try { show(fn()); } catch (error) { console.log(error.name, error.code); } };';

describe('node: path', () => {
  it('has posix and win32 on any platform, each as Node computes it', async () => {
    await expectSameAsNode([
      show,
      "const path = require('path');",
      "show([path === path.posix, require('path/win32') === path.win32, path.win32.sep, path.win32.delimiter]);",
      "for (const p of ['C:\\\\foo\\\\..\\\\bar\\\\', '\\\\\\\\server\\\\share', '\\\\\\\\server\\\\share\\\\dir\\\\file.txt', 'C:', 'c:file.ext', '//a/b/../c', 'file:stream', '.\\\\.foo']) {",
      '  show([p, path.win32.normalize(p), path.win32.dirname(p), path.win32.basename(p), path.win32.extname(p), path.win32.parse(p), path.win32.isAbsolute(p)]);',
      '}',
      "show([path.win32.join('//server', 'share', 'x'), path.win32.resolve('C:\\\\a', 'D:b', 'c'), path.win32.relative('C:\\\\a\\\\b', 'C:\\\\A\\\\c'), path.win32.toNamespacedPath('C:\\\\x')]);",
      "show([path.posix.normalize('/a/../../b/./c/'), path.posix.relative('/a/b/c', '/a/d'), path.posix.parse('/.hidden'), path.posix.format({ root: '/', name: 'x', ext: 'js' })]);",
      "show([path.posix.matchesGlob('foo/bar/baz', 'foo/[!bcr]ar/baz'), path.win32.matchesGlob('foo\\\\car\\\\baz', 'foo\\\\[bc-r]ar\\\\baz')]);",
    ]);
  });

  it('throws ERR_INVALID_ARG_TYPE for a path that is not a string', async () => {
    const result = await node(
      workspace({
        '/main.js': [
          "const path = require('path');",
          'for (const fn of [path.join, path.win32.resolve, path.win32.basename, path.posix.parse]) {',
          '  try { fn(7); } catch (error) { console.log(error.name, error.code); }',
          '}',
        ].join('\n'),
      }),
      ['main.js'],
    );
    expect(result.output).toBe('TypeError ERR_INVALID_ARG_TYPE\n'.repeat(4));
  });
});

describe('node: querystring', () => {
  it('parses and stringifies as Node does, separators of several characters and malformed escapes included', async () => {
    await expectSameAsNode([
      show,
      tryShow,
      "const qs = require('querystring');",
      "show(qs.parse('a=1&b=%zz&c=%E2%98%83&a=2&+x+=y+z&&=&d'));",
      "show(qs.parse('foo::bar->>baz::qux', '>>', '::'));",
      "show(Object.keys(qs.parse('a&b&c&d', null, null, { maxKeys: 2 })));",
      "show(qs.parse('a=%E2%98', null, null, { decodeURIComponent: (s) => { throw new Error(s); } }));",
      "show([qs.stringify({ a: [1, 'x y'], b: 1e21, c: true, d: null, e: 2n }), qs.stringify({ a: 'b c' }, ';', ':', { encodeURIComponent: (s) => s })]);",
      "show([qs.escape('Ŋ\\uD801test'), qs.unescape('%E2%98%83'), qs.unescapeBuffer('a%2g%20+', true).toString()]);",
      "tryShow(() => qs.escape('\\uD800'));",
    ]);
  });
});

describe('node: string_decoder', () => {
  it('decodes invalid and cut UTF-8 as one write of the whole buffer would, with Node state', async () => {
    await expectSameAsNode([
      show,
      "const { StringDecoder } = require('string_decoder');",
      "const bytes = Buffer.from('f69bd1e298f4bde541e2', 'hex');",
      'for (let size = 1; size <= 3; size++) {',
      "  const decoder = new StringDecoder('utf8');",
      "  let text = '';",
      '  for (let i = 0; i < bytes.length; i += size) text += decoder.write(bytes.subarray(i, i + size));',
      '  show([size, text + decoder.end(), text.length]);',
      '}',
      "const d = new StringDecoder('utf16le'); show([d.write(Buffer.from('3DD84D', 'hex')), d.lastNeed, d.lastTotal, [...d.lastChar], d.end()]);",
      'const own = {}; StringDecoder.call(own); show(own);',
    ]);
  });
});
