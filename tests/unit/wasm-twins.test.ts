/**
 * Native-only packages with a WebAssembly twin (lightningcss → lightningcss-wasm): the installer adds the twin
 * at the same version, and module resolution hands it out where the native package is asked for.
 */
import { VirtualFS } from 'almostnode';
import { describe, expect, it } from 'vitest';
import { Resolver } from '@/lib/runtime-frame/offline/node/resolve';
import { project, type FakePackages } from './npm-fake-registry';

const NATIVE_FILES = { 'node/index.js': 'module.exports = require(`../lightningcss.${process.platform}-${process.arch}-gnu.node`);' };
const lightning = (versions: string[]) =>
  Object.fromEntries(versions.map((version) => [version, { optionalDependencies: { 'lightningcss-linux-x64-gnu': version }, files: NATIVE_FILES }]));

const PACKAGES: FakePackages = {
  vite: { versions: { '8.0.0': { dependencies: { lightningcss: '^1.30.0' } } } },
  lightningcss: { versions: lightning(['1.30.1', '1.31.0']) },
  'lightningcss-linux-x64-gnu': { versions: { '1.30.1': { os: ['linux'], cpu: ['x64'] }, '1.31.0': { os: ['linux'], cpu: ['x64'] } } },
  // The twin has a newer release than the native package the tree picks: the installer must take the same one.
  'lightningcss-wasm': { versions: { '1.30.1': { dependencies: { 'napi-wasm': '^1' } }, '1.32.0': {} } },
  'napi-wasm': { versions: { '1.1.0': {} } },
};

describe('installing a native-only package that has a WebAssembly twin', () => {
  it('installs the twin at the exact same version, with its dependencies, and says why', async () => {
    const p = project(PACKAGES, { '/package.json': JSON.stringify({ devDependencies: { vite: '8', lightningcss: '1.30.1' } }) });
    const result = await p.npm(['install']);
    expect(result.code, result.output).toBe(0);
    expect(p.versionAt('/node_modules/lightningcss')).toBe('1.30.1');
    expect(p.versionAt('/node_modules/lightningcss-wasm')).toBe('1.30.1');
    expect(p.versionAt('/node_modules/napi-wasm')).toBe('1.1.0');
    const notes = result.output.split('\n').filter((line) => line.includes('lightningcss-wasm'));
    expect(notes).toEqual([
      "npm: also installed lightningcss-wasm@1.30.1, the WebAssembly build of lightningcss@1.30.1: its native code cannot run in a browser tab, so require('lightningcss') loads lightningcss-wasm here",
    ]);
    // package.json stays as the user wrote it; a second install finds everything in place.
    expect(p.json('/package.json').devDependencies).toEqual({ vite: '8', lightningcss: '1.30.1' });
    const again = await p.npm(['install']);
    expect(again.output).toContain('up to date');
    expect(p.versionAt('/node_modules/lightningcss-wasm')).toBe('1.30.1');
  });

  it('records the twin in the lock, so `npm ci` installs it again', async () => {
    const p = project(PACKAGES, { '/package.json': JSON.stringify({ dependencies: { vite: '8', lightningcss: '1.30.1' } }) });
    expect((await p.npm(['install'])).code).toBe(0);
    const lock = p.json('/package-lock.json') as { packages: Record<string, { version?: string; optional?: boolean }> };
    expect(lock.packages['node_modules/lightningcss-wasm']).toMatchObject({ version: '1.30.1', optional: true });
    const ci = await p.npm(['ci']);
    expect(ci.code, ci.output).toBe(0);
    expect(p.versionAt('/node_modules/lightningcss-wasm')).toBe('1.30.1');
  });

  it('installs the newest version in range that has a twin, when the newest has none (as rollup and @rollup/wasm-node)', async () => {
    const p = project(PACKAGES, { '/package.json': JSON.stringify({ dependencies: { vite: '8' } }) });
    const result = await p.npm(['install']);
    expect(result.code, result.output).toBe(0);
    expect(p.versionAt('/node_modules/lightningcss')).toBe('1.30.1');
    expect(p.versionAt('/node_modules/lightningcss-wasm')).toBe('1.30.1');
    expect(result.output).toContain('npm: also installed lightningcss-wasm@1.30.1, the WebAssembly build of lightningcss@1.30.1');
  });

  it('installs nothing extra, and says the package will not load, when no version in range has a twin', async () => {
    const p = project(PACKAGES, { '/package.json': JSON.stringify({ dependencies: { lightningcss: '^1.31.0' } }) });
    const result = await p.npm(['install']);
    expect(result.code, result.output).toBe(0);
    expect(p.versionAt('/node_modules/lightningcss')).toBe('1.31.0');
    expect(p.vfs.existsSync('/node_modules/lightningcss-wasm')).toBe(false);
    expect(result.output).toContain(
      'npm warn lightningcss@1.31.0 has native code only, which cannot run in a browser tab, and the registry has no lightningcss-wasm@1.31.0 (its WebAssembly build): lightningcss will not load here',
    );
    expect(result.output).not.toContain('skipped 1 optional dependency');
  });
});

describe('resolving a native-only package that has a WebAssembly twin', () => {
  const pkg = (name: string, version: string, extra: object = {}) => JSON.stringify({ name, version, ...extra });
  const TWIN_EXPORTS = { exports: { '.': { node: { import: './wasm-node.mjs', require: './wasm-node.cjs' }, default: './index.mjs' } } };

  function files(twinAt: string, twinVersion = '1.30.1') {
    const vfs = new VirtualFS();
    vfs.writeFileSync('/app/node_modules/lightningcss/package.json', pkg('lightningcss', '1.30.1', { main: 'node/index.js' }));
    vfs.writeFileSync('/app/node_modules/lightningcss/node/index.js', '');
    vfs.writeFileSync(`${twinAt}/package.json`, pkg('lightningcss-wasm', twinVersion, TWIN_EXPORTS));
    for (const file of ['wasm-node.mjs', 'wasm-node.cjs', 'index.mjs']) vfs.writeFileSync(`${twinAt}/${file}`, '');
    vfs.writeFileSync('/app/node_modules/vite/dist/node/index.js', '');
    return new Resolver(vfs);
  }
  const from = '/app/node_modules/vite/dist/node/index.js';

  it("gives the twin's node build to require and to import, beside the package or nested in it", () => {
    const beside = files('/app/node_modules/lightningcss-wasm');
    expect(beside.resolve('lightningcss', from, 'require')).toEqual({ kind: 'file', path: '/app/node_modules/lightningcss-wasm/wasm-node.cjs' });
    expect(beside.resolve('lightningcss', from, 'import')).toEqual({ kind: 'file', path: '/app/node_modules/lightningcss-wasm/wasm-node.mjs' });
    const nested = files('/app/node_modules/lightningcss/node_modules/lightningcss-wasm');
    expect(nested.resolve('lightningcss', from, 'require')).toEqual({
      kind: 'file',
      path: '/app/node_modules/lightningcss/node_modules/lightningcss-wasm/wasm-node.cjs',
    });
  });

  it('keeps the native package when the twin is another version', () => {
    const other = files('/app/node_modules/lightningcss-wasm', '1.32.0');
    expect(other.resolve('lightningcss', from, 'require')).toEqual({ kind: 'file', path: '/app/node_modules/lightningcss/node/index.js' });
  });
});
