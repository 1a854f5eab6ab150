/** package.json `overrides`, by npm's rules: everywhere, by version range, nested under a package, `$name`. */
import { describe, expect, it } from 'vitest';
import { project, type FakePackages } from './npm-fake-registry';

const PACKAGES: FakePackages = {
  a: { versions: { '1.0.0': { dependencies: { shared: '^1.0.0' } } } },
  b: { versions: { '1.0.0': { dependencies: { shared: '^2.0.0', c: '1' } } } },
  c: { versions: { '1.0.0': { dependencies: { shared: '^1.0.0' } } } },
  shared: { versions: { '1.0.0': {}, '1.5.0': {}, '2.0.0': {}, '2.1.0': {}, '3.0.0': {} } },
};

async function install(overrides: unknown, dependencies: Record<string, string> = { a: '1', b: '1' }) {
  const p = project(PACKAGES, { '/package.json': JSON.stringify({ name: 'app', dependencies, overrides }) });
  const result = await p.npm(['install']);
  return { p, result };
}

describe('overrides', () => {
  it('with no overrides, each package gets the version its range asks for', async () => {
    const { p } = await install(undefined);
    expect(p.versionAt('/node_modules/shared')).toBe('1.5.0');
    expect(p.versionAt('/node_modules/b/node_modules/shared')).toBe('2.1.0');
  });

  it('a top-level override replaces the spec everywhere in the tree, and stays on the next install', async () => {
    const { p, result } = await install({ shared: '3.0.0' });
    expect(result.code, result.output).toBe(0);
    expect(p.versionAt('/node_modules/shared')).toBe('3.0.0');
    expect(p.vfs.existsSync('/node_modules/b/node_modules/shared')).toBe(false);
    // Read back from the lock, the tree keeps the overridden version.
    expect((await p.npm(['install'])).code).toBe(0);
    expect(p.versionAt('/node_modules/shared')).toBe('3.0.0');
    expect(p.registry.tarballFetches.filter((name) => name.startsWith('shared'))).toEqual(['shared@3.0.0']);
  });

  it('a keyed override (name@range) only replaces specs that meet that range', async () => {
    const { p, result } = await install({ 'shared@^2': '2.0.0' });
    expect(result.code, result.output).toBe(0);
    expect(p.versionAt('/node_modules/shared')).toBe('1.5.0');
    expect(p.versionAt('/node_modules/b/node_modules/shared')).toBe('2.0.0');
  });

  it('a nested override applies only below its package, all the way down', async () => {
    const { p, result } = await install({ b: { shared: '1.0.0' } });
    expect(result.code, result.output).toBe(0);
    expect(p.versionAt('/node_modules/shared')).toBe('1.5.0');
    // b's own dependency and c's (c came in through b) both take the override.
    expect(p.versionAt('/node_modules/b/node_modules/shared')).toBe('1.0.0');
    expect(p.versionAt('/node_modules/c/node_modules/shared') ?? p.versionAt('/node_modules/b/node_modules/c/node_modules/shared')).toBe('1.0.0');
  });

  it('"." overrides the package itself while its children get their own rules', async () => {
    const { p, result } = await install({ c: { '.': '1.0.0', shared: '2.0.0' } }, { b: '1' });
    expect(result.code, result.output).toBe(0);
    expect(p.versionAt('/node_modules/c')).toBe('1.0.0');
    expect(p.versionAt('/node_modules/shared')).toBe('2.1.0');
    expect(p.versionAt('/node_modules/c/node_modules/shared')).toBe('2.0.0');
  });

  it("$name takes the project's own spec for that name", async () => {
    const { p, result } = await install({ shared: '$shared' }, { a: '1', b: '1', shared: '3.0.0' });
    expect(result.code, result.output).toBe(0);
    expect(p.versionAt('/node_modules/shared')).toBe('3.0.0');
    expect(p.vfs.existsSync('/node_modules/b/node_modules/shared')).toBe(false);
  });

  it('refuses an override that contradicts a direct dependency, and an unknown reference, as npm does', async () => {
    const conflict = await install({ shared: '2.0.0' }, { shared: '^1.0.0' });
    expect(conflict.result.code).toBe(1);
    expect(conflict.result.output).toContain('npm error code EOVERRIDE');
    expect(conflict.result.output).toContain('Override for shared@^1.0.0 conflicts with direct dependency');
    const missing = await install({ shared: '$nope' });
    expect(missing.result.output).toContain('Unable to resolve reference $nope');
  });
});

describe('overrides with file: paths', () => {
  it('replaces a registry dependency deep in the tree with a folder of the project', async () => {
    const p = project(PACKAGES, {
      '/app/package.json': JSON.stringify({ dependencies: { a: '1' }, overrides: { shared: 'file:./patched/shared' } }),
      '/app/patched/shared/package.json': JSON.stringify({ name: 'shared', version: '1.9.9-patched' }),
    });
    const result = await p.npm(['install'], '/app');
    expect(result.code, result.output).toBe(0);
    expect(p.versionAt('/app/node_modules/shared')).toBe('1.9.9-patched');
    expect(p.registry.tarballFetches).toEqual(['a@1.0.0']);
  });
});
