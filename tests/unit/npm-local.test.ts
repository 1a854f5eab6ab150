/** file: dependencies (folders and tarballs in the workspace); URL and git specs are refused with the reason. */
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { makeTar, project, type FakePackages } from './npm-fake-registry';

const PACKAGES: FakePackages = { dep: { versions: { '1.0.0': {}, '2.0.0': {} } } };

const UTIL = {
  '/libs/util/package.json': JSON.stringify({ name: 'util', version: '1.0.0', dependencies: { dep: '^1.0.0' }, bin: { util: 'cli.js' } }),
  '/libs/util/index.js': 'module.exports = 1;',
  '/libs/util/cli.js': '',
  '/libs/util/node_modules/junk/index.js': '',
};

describe('file: dependencies', () => {
  it('copies a folder into node_modules with its registry dependencies, and records the path in the lock', async () => {
    const p = project(PACKAGES, { ...UTIL, '/app/package.json': JSON.stringify({ name: 'app', dependencies: { util: 'file:../libs/util' } }) });
    const result = await p.npm(['install'], '/app');
    expect(result.code, result.output).toBe(0);
    expect(p.read('/app/node_modules/util/index.js')).toBe('module.exports = 1;');
    expect(p.vfs.existsSync('/app/node_modules/util/node_modules/junk')).toBe(false);
    expect(p.versionAt('/app/node_modules/dep')).toBe('1.0.0');
    expect(p.vfs.existsSync('/app/node_modules/.bin/util')).toBe(true);
    const lock = p.json('/app/package-lock.json') as { packages: Record<string, { resolved?: string; version?: string }> };
    expect(lock.packages['node_modules/util']).toMatchObject({ version: '1.0.0', resolved: 'file:../libs/util' });

    // The folder's later edits reach node_modules on the next install, as a link would show them.
    p.vfs.writeFileSync('/libs/util/index.js', 'module.exports = 2;');
    expect((await p.npm(['install'], '/app')).code).toBe(0);
    expect(p.read('/app/node_modules/util/index.js')).toBe('module.exports = 2;');

    // npm ci installs it from the lock.
    const clean = await p.npm(['ci'], '/app');
    expect(clean.code, clean.output).toBe(0);
    expect(p.read('/app/node_modules/util/index.js')).toBe('module.exports = 2;');
  });

  it('npm install <folder> and npm install <tarball> save file: paths relative to the project', async () => {
    const tgz = gzipSync(makeTar({ 'package/package.json': JSON.stringify({ name: 'tiny', version: '0.2.0' }), 'package/index.js': 'tiny' }));
    const p = project(PACKAGES, { ...UTIL, '/app/package.json': '{"name":"app"}', '/app/src/.keep': '' });
    p.vfs.writeFileSync('/app/vendor/tiny-0.2.0.tgz', tgz);
    expect((await p.npm(['install', '../libs/util'], '/app')).code).toBe(0);
    // A path typed in a subfolder is relative to it, and saved relative to the project.
    const fromSub = await p.npm(['install', '../vendor/tiny-0.2.0.tgz'], '/app/src');
    expect(fromSub.code, fromSub.output).toBe(0);
    expect(p.json('/app/package.json').dependencies).toEqual({ util: 'file:../libs/util', tiny: 'file:vendor/tiny-0.2.0.tgz' });
    expect(p.read('/app/node_modules/tiny/index.js')).toBe('tiny');
  });

  it('names a folder without a package.json', async () => {
    const p = project(PACKAGES, { '/app/package.json': JSON.stringify({ dependencies: { nope: 'file:./nope' } }) });
    const result = await p.npm(['install'], '/app');
    expect(result.code).toBe(1);
    expect(result.output).toContain('Could not install from "/app/nope" as it does not contain a package.json file.');
  });
});

describe('specs this runtime cannot fetch', () => {
  it('refuses a tarball URL, saying why and what to do instead', async () => {
    const p = project(PACKAGES, { '/package.json': JSON.stringify({ dependencies: { x: 'https://example.com/x-1.0.0.tgz' } }) });
    const result = await p.npm(['install']);
    expect(result.code).toBe(1);
    expect(result.output).toContain('npm error code EUNSUPPORTEDPROTOCOL');
    expect(result.output).toContain('tarballs from URLs cannot be fetched in this runtime');
    expect(result.output).toContain('install it with a file: path instead');
  });

  it('refuses git dependencies', async () => {
    const p = project(PACKAGES, { '/package.json': '{}' });
    const result = await p.npm(['install', 'github:someone/thing']);
    expect(result.code).toBe(1);
    expect(result.output).toContain('git dependencies are not supported in this runtime');
  });
});

describe('localSource', () => {
  it("reads npm's path specs and leaves registry and git specs alone", async () => {
    const { localSource } = await import('@/lib/runtime-frame/offline/npm/local');
    expect(localSource('file:../lib', '/app')).toEqual({ kind: 'directory', path: '/lib', saveSpec: 'file:../lib' });
    expect(localSource('./vendor/x-1.0.0.tgz', '/app/src', '/app')).toEqual({
      kind: 'file',
      path: '/app/src/vendor/x-1.0.0.tgz',
      saveSpec: 'file:src/vendor/x-1.0.0.tgz',
    });
    expect(localSource('x@file:/abs/x', '/app')?.path).toBe('/abs/x');
    expect(localSource('file:///abs/y', '/app')?.path).toBe('/abs/y');
    expect(localSource('x-1.0.0.tgz', '/app')?.path).toBe('/app/x-1.0.0.tgz');
    for (const spec of ['lodash', '^1.2.0', 'npm:other@2', 'github:a/b', '@scope/pkg@1', 'latest']) expect(localSource(spec, '/app')).toBeNull();
    expect(() => localSource('x@https://example.com/x.tgz', '/app')).toThrow(/tarballs from URLs/);
  });
});
