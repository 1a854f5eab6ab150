/** The npm client's version choice and tree shape, against an in-memory registry. */
import { describe, expect, it } from 'vitest';
import { project, type FakePackages } from './npm-fake-registry';

const many = (versions: string[], extra: Record<string, object> = {}) => ({
  versions: Object.fromEntries(versions.map((version) => [version, extra[version] ?? {}])),
});

const RANGES: FakePackages = {
  optimist: many(['0.2.8', '0.3.0', '0.3.1', '0.3.5', '0.3.7', '0.4.0', '0.6.1']),
  rolldown: many(['0.155.0', '0.156.0', '0.157.0']),
  mid: many(['0.9.0', '1.0.0', '1.4.2', '2.0.0']),
  xs: many(['1.0.0', '1.9.9', '2.1.0']),
  star: many(['1.0.0', '3.2.1']),
  tagged: { ...many(['1.0.0', '2.0.0-beta.1', '1.5.0']), tags: { latest: '1.5.0', next: '2.0.0-beta.1' } },
};

describe('npm install: range forms', () => {
  it.each([
    ['optimist@~0.3', 'optimist', '0.3.7'],
    ['rolldown@=0.156.0', 'rolldown', '0.156.0'],
    ['mid@>=1 <2', 'mid', '1.4.2'],
    ['xs@1.x', 'xs', '1.9.9'],
    ['star@*', 'star', '3.2.1'],
    ['tagged@next', 'tagged', '2.0.0-beta.1'],
    ['tagged', 'tagged', '1.5.0'],
    ['alias@npm:optimist@0.3.1', 'alias', '0.3.1'],
  ])('%s installs %s@%s', async (spec, folder, version) => {
    const p = project(RANGES, { '/package.json': '{"name":"app","version":"1.0.0"}' });
    const result = await p.npm(['install', spec]);
    expect(result.code, result.output).toBe(0);
    expect(p.versionAt(`/node_modules/${folder}`)).toBe(version);
  });

  it('resolves the same range forms written in package.json', async () => {
    const p = project(RANGES, {
      '/package.json': JSON.stringify({ dependencies: { optimist: '~0.3', rolldown: '=0.156.0', mid: '>=1 <2', xs: '1.x', star: '*', tagged: 'next' } }),
    });
    expect((await p.npm(['install'])).code).toBe(0);
    expect([p.versionAt('/node_modules/optimist'), p.versionAt('/node_modules/rolldown'), p.versionAt('/node_modules/mid')]).toEqual([
      '0.3.7',
      '0.156.0',
      '1.4.2',
    ]);
    expect([p.versionAt('/node_modules/xs'), p.versionAt('/node_modules/star'), p.versionAt('/node_modules/tagged')]).toEqual([
      '1.9.9',
      '3.2.1',
      '2.0.0-beta.1',
    ]);
  });

  it('saves ^version, keeps a narrower range, and -E saves exactly', async () => {
    const p = project(RANGES, { '/package.json': '{"name":"app"}' });
    await p.npm(['install', 'optimist@~0.3', 'star', 'mid@>=1 <1.4']);
    await p.npm(['install', '-E', 'xs@1']);
    expect(p.json('/package.json').dependencies).toEqual({ optimist: '^0.3.7', star: '^3.2.1', mid: '>=1 <1.4', xs: '1.9.9' });
  });

  it('says which package, which range and what the registry has when nothing matches', async () => {
    const p = project(RANGES, { '/package.json': '{"dependencies":{"optimist":"^9.0.0"}}' });
    const result = await p.npm(['install']);
    expect(result.code).toBe(1);
    expect(result.output).toContain('npm error code ETARGET');
    expect(result.output).toContain('No matching version found for optimist@^9.0.0');
    expect(result.output).toContain('0.3.7, 0.4.0, 0.6.1');
    expect(result.output).toContain('latest: 0.6.1');
  });

  it('names a missing package and refuses git specs with a reason', async () => {
    const p = project(RANGES, { '/package.json': '{}' });
    const missing = await p.npm(['install', 'nope']);
    expect(missing.output).toMatch(/E404[\s\S]*nope/);
    const git = await p.npm(['install', 'github:user/repo']);
    expect(git.code).toBe(1);
    expect(git.output).toMatch(/git dependencies are not supported/);
  });
});

describe('npm install: dependency kinds', () => {
  it('installs devDependencies of the project, but not those of dependencies', async () => {
    const p = project(
      {
        vite: many(['5.0.0'], { '5.0.0': { dependencies: { esb: '^1' }, devDependencies: { heavy: '1' } } }),
        esb: many(['1.2.0']),
        heavy: many(['1.0.0']),
        lib: many(['1.0.0']),
      },
      { '/package.json': JSON.stringify({ dependencies: { lib: '^1' }, devDependencies: { vite: '^5' } }) },
    );
    expect((await p.npm(['install'])).code).toBe(0);
    expect(p.versionAt('/node_modules/vite')).toBe('5.0.0');
    expect(p.versionAt('/node_modules/esb')).toBe('1.2.0');
    expect(p.vfs.existsSync('/node_modules/heavy')).toBe(false);
    const lock = p.json('/package-lock.json') as { packages: Record<string, { dev?: boolean }> };
    expect(lock.packages['node_modules/vite']?.dev).toBe(true);
    expect(lock.packages['node_modules/lib']?.dev).toBeUndefined();
  });

  it('--omit=dev leaves devDependencies out of node_modules', async () => {
    const p = project(
      { vite: many(['5.0.0']), lib: many(['1.0.0']) },
      { '/package.json': JSON.stringify({ dependencies: { lib: '1' }, devDependencies: { vite: '5' } }) },
    );
    await p.npm(['install', '--omit=dev']);
    expect(p.vfs.existsSync('/node_modules/vite')).toBe(false);
    expect(p.versionAt('/node_modules/lib')).toBe('1.0.0');
  });

  it('installs peer dependencies next to the package, but not optional ones', async () => {
    const p = project(
      {
        'react-dom': many(['18.3.1'], {
          '18.3.1': { peerDependencies: { react: '^18.3.1', 'opt-peer': '1' }, peerDependenciesMeta: { 'opt-peer': { optional: true } } },
        }),
        react: many(['17.0.2', '18.3.1', '19.0.0']),
        'opt-peer': many(['1.0.0']),
      },
      { '/package.json': JSON.stringify({ dependencies: { 'react-dom': '^18' } }) },
    );
    expect((await p.npm(['install'])).code).toBe(0);
    expect(p.versionAt('/node_modules/react')).toBe('18.3.1');
    expect(p.vfs.existsSync('/node_modules/opt-peer')).toBe(false);
  });

  it('gives a package its own copy of a peer that conflicts with the project, and says so once', async () => {
    const p = project(
      { 'react-dom': many(['18.3.1'], { '18.3.1': { peerDependencies: { react: '^18.3.1' } } }), react: many(['17.0.2', '18.3.1']) },
      { '/package.json': JSON.stringify({ dependencies: { 'react-dom': '^18', react: '17' } }) },
    );
    const result = await p.npm(['install']);
    expect(result.code).toBe(0);
    expect(p.versionAt('/node_modules/react')).toBe('17.0.2');
    expect(p.versionAt('/node_modules/react-dom/node_modules/react')).toBe('18.3.1');
    expect(result.output).toContain('npm warn ERESOLVE 1 package wants a peer at another version than the one installed');
    expect(result.output).toContain('react-dom@18.3.1 wants react@^18.3.1 (next to it: 17.0.2)');
  });

  it('skips optional packages built for another CPU and takes the wasm32 one', async () => {
    const p = project(
      {
        rolldown: many(['1.0.0'], {
          '1.0.0': {
            optionalDependencies: {
              '@rolldown/binding-linux-x64-gnu': '1.0.0',
              '@rolldown/binding-darwin-arm64': '1.0.0',
              '@rolldown/binding-wasm32-wasi': '1.0.0',
            },
          },
        }),
        '@rolldown/binding-linux-x64-gnu': many(['1.0.0'], { '1.0.0': { os: ['linux'], cpu: ['x64'] } }),
        '@rolldown/binding-darwin-arm64': many(['1.0.0'], { '1.0.0': { os: ['darwin'], cpu: ['arm64'] } }),
        '@rolldown/binding-wasm32-wasi': many(['1.0.0'], { '1.0.0': { cpu: ['wasm32'], dependencies: { '@napi-rs/wasm-runtime': '^1' } } }),
        '@napi-rs/wasm-runtime': many(['1.0.1']),
      },
      { '/package.json': JSON.stringify({ devDependencies: { rolldown: '1.0.0' } }) },
    );
    const result = await p.npm(['install']);
    expect(result.code).toBe(0);
    expect(p.vfs.existsSync('/node_modules/@rolldown/binding-linux-x64-gnu')).toBe(false);
    expect(p.vfs.existsSync('/node_modules/@rolldown/binding-darwin-arm64')).toBe(false);
    expect(p.versionAt('/node_modules/@rolldown/binding-wasm32-wasi')).toBe('1.0.0');
    expect(p.versionAt('/node_modules/@napi-rs/wasm-runtime')).toBe('1.0.1');
    const notes = result.output.split('\n').filter((line) => line.includes('skipped 2 optional packages'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('@rolldown/binding-linux-x64-gnu@1.0.0 (cpu x64)');
    // The lock still lists every platform's build, so it installs the right one on any machine (as npm's does).
    const lock = p.json('/package-lock.json') as { packages: Record<string, { optional?: boolean; cpu?: string[] }> };
    expect(lock.packages['node_modules/@rolldown/binding-darwin-arm64']).toMatchObject({ optional: true, cpu: ['arm64'] });
  });

  it('skips an optional dependency the registry does not have and still succeeds', async () => {
    const p = project({ app: many(['1.0.0'], { '1.0.0': { optionalDependencies: { fsevents: '^2' } } }) }, { '/package.json': '{"dependencies":{"app":"1"}}' });
    const result = await p.npm(['install']);
    expect(result.code).toBe(0);
    expect(result.output).toContain('skipped 1 optional dependency the registry could not provide: fsevents@^2 (E404)');
  });
});

describe('npm install: bundled dependencies', () => {
  it("installs a package's bundled dependencies from its tarball, so they take no place in the tree", async () => {
    const p = project(
      {
        // Both want the same runtime at other versions; the bundled copy must not be fetched nor hoisted over the other.
        bundler: many(['1.0.0'], { '1.0.0': { dependencies: { runtime: '2.0.0' } } }),
        scanner: many(['1.0.0'], {
          '1.0.0': {
            dependencies: { runtime: '^1.0.0' },
            bundledDependencies: ['runtime'],
            files: { 'node_modules/runtime/package.json': JSON.stringify({ name: 'runtime', version: '1.0.0' }) },
          },
        }),
        runtime: many(['1.0.0', '2.0.0']),
      },
      { '/package.json': JSON.stringify({ dependencies: { scanner: '1', bundler: '1' } }) },
    );
    const result = await p.npm(['install']);
    expect(result.code, result.output).toBe(0);
    expect(p.versionAt('/node_modules/runtime')).toBe('2.0.0');
    expect(p.versionAt('/node_modules/scanner/node_modules/runtime')).toBe('1.0.0');
    expect(p.registry.tarballFetches).not.toContain('runtime@1.0.0');
    // From the lock alone, the bundled copy stays out of the tree too.
    const ci = await p.npm(['ci']);
    expect(ci.code, ci.output).toBe(0);
    expect(p.versionAt('/node_modules/runtime')).toBe('2.0.0');
    expect(p.versionAt('/node_modules/scanner/node_modules/runtime')).toBe('1.0.0');
  });
});

describe('npm install: tree layout', () => {
  const TWO: FakePackages = {
    a: many(['1.0.0'], { '1.0.0': { dependencies: { shared: '^1.0.0' } } }),
    b: many(['1.0.0'], { '1.0.0': { dependencies: { shared: '^2.0.0' } } }),
    c: many(['1.0.0'], { '1.0.0': { dependencies: { shared: '^2.0.0' } } }),
    shared: many(['1.5.0', '2.1.0']),
  };

  it('hoists one version and nests the other where it is needed', async () => {
    const p = project(TWO, { '/package.json': JSON.stringify({ dependencies: { a: '1', b: '1', c: '1' } }) });
    expect((await p.npm(['install'])).code).toBe(0);
    expect(p.versionAt('/node_modules/shared')).toBe('1.5.0');
    expect(p.versionAt('/node_modules/b/node_modules/shared')).toBe('2.1.0');
    expect(p.versionAt('/node_modules/c/node_modules/shared')).toBe('2.1.0');
    expect(p.vfs.existsSync('/node_modules/a/node_modules')).toBe(false);
  });

  it("keeps the project's own version at the top and nests the dependency's", async () => {
    const p = project(TWO, { '/package.json': JSON.stringify({ dependencies: { a: '1', shared: '^2' } }) });
    await p.npm(['install']);
    expect(p.versionAt('/node_modules/shared')).toBe('2.1.0');
    expect(p.versionAt('/node_modules/a/node_modules/shared')).toBe('1.5.0');
  });

  it('dedupes a dependency many packages share', async () => {
    const p = project(TWO, { '/package.json': JSON.stringify({ dependencies: { b: '1', c: '1' } }) });
    await p.npm(['install']);
    expect(p.versionAt('/node_modules/shared')).toBe('2.1.0');
    expect(p.registry.tarballFetches.filter((item) => item.startsWith('shared@'))).toEqual(['shared@2.1.0']);
  });
});
