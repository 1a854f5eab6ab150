/** package-lock.json: written like npm's, honoured on the next install, and enforced by `npm ci`. */
import { describe, expect, it } from 'vitest';
import { project, type FakePackages } from './npm-fake-registry';

const PACKAGES: FakePackages = {
  lodash: { versions: { '4.17.20': {}, '4.17.21': {} } },
  handlebars: { versions: { '4.7.8': { dependencies: { minimist: '^1.2.5' } } } },
  minimist: { versions: { '1.2.6': {}, '1.2.8': {} } },
};

type Lock = { lockfileVersion: number; packages: Record<string, { version?: string; integrity?: string; dependencies?: Record<string, string> }> };

describe('package-lock.json', () => {
  it('is written with lockfileVersion 3, versions, integrity and dependencies', async () => {
    const p = project(PACKAGES, { '/package.json': '{"name":"app","version":"1.0.0"}' });
    expect((await p.npm(['install', 'lodash', 'handlebars@4'])).code).toBe(0);
    const lock = p.json('/package-lock.json') as unknown as Lock;
    expect(lock.lockfileVersion).toBe(3);
    expect(lock.packages['']).toMatchObject({ name: 'app', dependencies: { lodash: '^4.17.21', handlebars: '^4.7.8' } });
    expect(lock.packages['node_modules/lodash']?.version).toBe('4.17.21');
    expect(lock.packages['node_modules/lodash']?.integrity).toMatch(/^sha512-/);
    expect(lock.packages['node_modules/handlebars']?.dependencies).toEqual({ minimist: '^1.2.5' });
    expect(lock.packages['node_modules/minimist']?.version).toBe('1.2.8');
  });

  it('pins an older version over a newer one that also matches', async () => {
    const lock = {
      name: 'app',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'app', dependencies: { lodash: '^4.17.0', handlebars: '^4.7.0' } },
        'node_modules/lodash': { version: '4.17.20' },
        'node_modules/handlebars': { version: '4.7.8', dependencies: { minimist: '^1.2.5' } },
        'node_modules/minimist': { version: '1.2.6' },
      },
    };
    const p = project(PACKAGES, {
      '/package.json': JSON.stringify({ name: 'app', dependencies: { lodash: '^4.17.0', handlebars: '^4.7.0' } }),
      '/package-lock.json': JSON.stringify(lock),
    });
    expect((await p.npm(['install'])).code).toBe(0);
    expect(p.versionAt('/node_modules/lodash')).toBe('4.17.20');
    expect(p.versionAt('/node_modules/minimist')).toBe('1.2.6');
    // Everything came from the lock: no metadata had to be fetched.
    expect(p.registry.packumentFetches).toEqual([]);
    expect((p.json('/package-lock.json') as unknown as Lock).packages['node_modules/lodash']?.version).toBe('4.17.20');
  });

  it('resolves again what package.json no longer agrees with', async () => {
    const p = project(PACKAGES, {
      '/package.json': JSON.stringify({ dependencies: { lodash: '4.17.21' } }),
      '/package-lock.json': JSON.stringify({
        lockfileVersion: 3,
        packages: { '': { dependencies: { lodash: '4.17.20' } }, 'node_modules/lodash': { version: '4.17.20' } },
      }),
    });
    await p.npm(['install']);
    expect(p.versionAt('/node_modules/lodash')).toBe('4.17.21');
  });

  it('npm ci installs exactly the lock, into an emptied node_modules', async () => {
    const p = project(PACKAGES, { '/package.json': '{"name":"app"}' });
    await p.npm(['install', 'lodash@4.17.20', 'handlebars']);
    p.vfs.writeFileSync('/node_modules/stray/package.json', '{"name":"stray","version":"1.0.0"}');
    const result = await p.npm(['ci']);
    expect(result.code, result.output).toBe(0);
    expect(p.vfs.existsSync('/node_modules/stray')).toBe(false);
    expect(p.versionAt('/node_modules/lodash')).toBe('4.17.20');
    expect(result.output).toMatch(/added 3 packages in/);
  });

  it('npm ci refuses when package.json and the lock disagree, saying what differs', async () => {
    const p = project(PACKAGES, { '/package.json': '{"name":"app"}' });
    await p.npm(['install', 'lodash']);
    const pkg = p.json('/package.json');
    p.vfs.writeFileSync('/package.json', JSON.stringify({ ...pkg, dependencies: { lodash: '^4.17.21', minimist: '^1' } }));
    const result = await p.npm(['ci']);
    expect(result.code).toBe(1);
    expect(result.output).toContain('can only install packages when your package.json and package-lock.json are in sync');
    expect(result.output).toContain('Missing: minimist@^1 from lock file');
  });

  it('npm ci without a lock says to run npm install', async () => {
    const p = project(PACKAGES, { '/package.json': '{"dependencies":{"lodash":"4"}}' });
    const result = await p.npm(['ci']);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/existing package-lock\.json/);
  });

  it('a second install with nothing new fetches nothing and reports up to date', async () => {
    const p = project(PACKAGES, { '/package.json': '{"dependencies":{"handlebars":"4"}}' });
    await p.npm(['install']);
    const before = p.registry.tarballFetches.length;
    const again = await p.npm(['install']);
    expect(p.registry.tarballFetches.length).toBe(before);
    expect(again.output).toMatch(/up to date in/);
  });

  it('uninstall removes the package, its folder and what only it needed', async () => {
    const p = project(PACKAGES, { '/package.json': '{"name":"app"}' });
    await p.npm(['install', 'lodash', 'handlebars']);
    const result = await p.npm(['uninstall', 'handlebars']);
    expect(result.code, result.output).toBe(0);
    expect(p.json('/package.json').dependencies).toEqual({ lodash: '^4.17.21' });
    expect(p.vfs.existsSync('/node_modules/handlebars')).toBe(false);
    expect(p.vfs.existsSync('/node_modules/minimist')).toBe(false);
    expect(result.output).toMatch(/removed 2 packages/);
    expect(Object.keys((p.json('/package-lock.json') as unknown as Lock).packages)).toEqual(['', 'node_modules/lodash']);
  });
});
