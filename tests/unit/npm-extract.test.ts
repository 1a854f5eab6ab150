/** Installed files are the tarball's bytes; bins are linked where Node's lookup and the shell find them. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { binLinkTarget } from '@/lib/runtime-frame/offline/bin-link';
import { untar } from '@/lib/runtime-frame/offline/npm/extract';
import { makeTar, project } from './npm-fake-registry';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

const BINARY = Uint8Array.from({ length: 3000 }, (_, i) => (i * 131 + 7) % 256);
// UMD bundles start with `this` at the top level; rewriting it to `exports` breaks the file in a page.
const UMD = '(function (root, factory) {\n  root.Handlebars = factory();\n})(this, function () { return {}; });\n';

describe('npm install: files', () => {
  it('writes files byte for byte, binary and text alike', async () => {
    const p = project(
      { handlebars: { versions: { '4.7.8': { files: { 'dist/handlebars.js': UMD, 'lib/data.wasm': BINARY, 'esm.mjs': 'export default this;\n' } } } } },
      { '/package.json': '{}' },
    );
    expect((await p.npm(['install', 'handlebars@4'])).code).toBe(0);
    expect(sha256(p.vfs.readFileSync('/node_modules/handlebars/lib/data.wasm'))).toBe(sha256(BINARY));
    expect(sha256(p.vfs.readFileSync('/node_modules/handlebars/dist/handlebars.js'))).toBe(sha256(UMD));
    expect(p.read('/node_modules/handlebars/esm.mjs')).toBe('export default this;\n');
  });

  it('strips whatever the top folder of the archive is called', async () => {
    const p = project(
      { odd: { versions: { '1.0.0': { topFolder: 'odd-1.0.0', files: { 'index.js': 'module.exports = 1;\n' } } } } },
      { '/package.json': '{}' },
    );
    await p.npm(['install', 'odd']);
    expect(p.read('/node_modules/odd/index.js')).toBe('module.exports = 1;\n');
    expect(p.vfs.existsSync('/node_modules/odd/odd-1.0.0')).toBe(false);
  });

  it('reads long paths from the ustar prefix field and ignores entries that climb out', async () => {
    const long = `package/${'deep/'.repeat(25)}file.txt`;
    const entries = await untar(makeTar({ [long]: 'x', 'package/../../evil.js': 'no', 'package/ok.js': 'ok' }));
    expect(entries.map((entry) => entry.path)).toEqual([long.slice('package/'.length), 'ok.js']);
  });

  it('refuses a tarball whose integrity does not match, naming the package', async () => {
    const p = project({ tampered: { versions: { '1.0.0': { badIntegrity: true } } } }, { '/package.json': '{}' });
    const result = await p.npm(['install', 'tampered']);
    expect(result.code).toBe(1);
    expect(result.output).toContain('EINTEGRITY');
    expect(result.output).toContain('tampered@1.0.0');
  });
});

describe('npm install: bins and scripts', () => {
  it('links bins into node_modules/.bin, nested packages into their own .bin', async () => {
    const p = project(
      {
        vite: { versions: { '5.0.0': { bin: { vite: 'bin/vite.js' }, files: { 'bin/vite.js': '#!/usr/bin/env node\n' }, dependencies: { tool: '^2' } } } },
        tool: { versions: { '1.0.0': { bin: './cli.js', files: { 'cli.js': '' } }, '2.0.0': { bin: './cli.js', files: { 'cli.js': '' } } } },
      },
      { '/package.json': JSON.stringify({ dependencies: { tool: '1' }, devDependencies: { vite: '5' } }) },
    );
    expect((await p.npm(['install'])).code).toBe(0);
    const link = p.read('/node_modules/.bin/vite');
    expect(binLinkTarget('/node_modules/.bin/vite', link)).toBe('/node_modules/vite/bin/vite.js');
    expect(binLinkTarget('/node_modules/.bin/tool', p.read('/node_modules/.bin/tool'))).toBe('/node_modules/tool/cli.js');
    const nested = '/node_modules/vite/node_modules/.bin/tool';
    expect(binLinkTarget(nested, p.read(nested))).toBe('/node_modules/vite/node_modules/tool/cli.js');
  });

  it('runs no install scripts and says which were skipped, in one line', async () => {
    const p = project(
      {
        esbuild: { versions: { '0.20.0': { scripts: { postinstall: 'node install.js' } } } },
        sharp: { versions: { '0.33.0': { scripts: { install: 'node-gyp rebuild' } } } },
      },
      { '/package.json': '{}' },
    );
    const result = await p.npm(['install', 'esbuild', 'sharp']);
    expect(result.code).toBe(0);
    expect(result.commandLines).toEqual([]);
    const lines = result.output.split('\n').filter((line) => line.includes('install scripts were not run'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('esbuild@0.20.0 (postinstall)');
    expect(lines[0]).toContain('sharp@0.33.0 (install)');
    expect(lines[0]).toContain('npm rebuild');

    // npm rebuild is how the user allows a package's scripts: only the named one runs, in its own folder.
    const rebuilt = await p.npm(['rebuild', 'esbuild']);
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.commandLines.map(({ line, cwd, env }) => ({ line, cwd, event: env.npm_lifecycle_event }))).toEqual([
      { line: 'node install.js', cwd: '/node_modules/esbuild', event: 'postinstall' },
    ]);
    expect(rebuilt.commandLines[0]?.env.PATH).toContain('/node_modules/esbuild/node_modules/.bin');
    const missing = await p.npm(['rebuild', 'left-pad']);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('left-pad is not installed');
  });

  it('prints progress per phase and a summary', async () => {
    const p = project({ a: { versions: { '1.0.0': {} } } }, { '/package.json': '{}' });
    const result = await p.npm(['install', 'a']);
    expect(result.output).toMatch(/resolving dependencies/);
    expect(result.output).toMatch(/fetching 1\/1, extracted 1\/1/);
    expect(result.output).toMatch(/\nadded 1 package in \d+\.\ds\n/);
  });

  it('stops with exit code 130 when cancelled', async () => {
    const p = project({ a: { versions: { '1.0.0': {} } } }, { '/package.json': '{}' });
    const controller = new AbortController();
    const pending = p.npm(['install', 'a'], '/', controller.signal);
    controller.abort();
    expect((await pending).code).toBe(130);
  });
});
