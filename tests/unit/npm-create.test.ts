/** `npm create` / `npm init <initializer>`: npm's name rules, then the package runs as `npm exec` runs it. */
import { describe, expect, it } from 'vitest';
import { initializerPackage } from '@/lib/runtime-frame/offline/npm/commands/init';
import { project, type FakePackages } from './npm-fake-registry';

const PACKAGES: FakePackages = {
  'create-vite': {
    versions: {
      '5.0.0': { bin: { 'create-vite': 'index.js', cva: 'index.js' }, files: { 'index.js': '' } },
      '6.1.0': { bin: { 'create-vite': 'index.js', cva: 'index.js' }, files: { 'index.js': '' } },
    },
  },
  '@acme/create': { versions: { '1.0.0': { bin: 'cli.js', files: { 'cli.js': '' } } } },
  '@acme/create-app': { versions: { '2.0.0': { bin: { 'create-app': 'cli.js' }, files: { 'cli.js': '' } } } },
};

describe('initializerPackage (npm init <initializer>)', () => {
  it.each([
    ['foo', 'create-foo@*'],
    ['foo@latest', 'create-foo@latest'],
    ['vite@5', 'create-vite@5'],
    ['@scope', '@scope/create'],
    ['@scope@2', '@scope/create@2'],
    ['@scope/foo', '@scope/create-foo@*'],
    ['@scope/foo@1.2.3', '@scope/create-foo@1.2.3'],
    ['user/repo', 'user/create-repo'],
  ])('%s runs %s', (initializer, expected) => {
    expect(initializerPackage(initializer)).toBe(expected);
  });

  it('refuses a folder or tarball as npm does', () => {
    expect(() => initializerPackage('./local')).toThrow(/Unrecognized initializer: \.\/local/);
  });
});

describe('npm create / npm init <initializer>', () => {
  it('npm create vite@latest my-app -- --template react-ts runs create-vite in the current folder with the args after --', async () => {
    const p = project(PACKAGES, { '/work/.keep': '' });
    const result = await p.npm(['create', 'vite@latest', 'my-app', '--', '--template', 'react-ts'], '/work');
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('The following package was not found and will be installed: create-vite@latest');
    expect(result.commandLines).toHaveLength(1);
    const [run] = result.commandLines;
    expect(run?.line).toMatch(/^node \/node_modules\/\.cache\/_npx\/[0-9a-f]{8}\/node_modules\/create-vite\/index\.js my-app --template react-ts$/);
    expect(run?.cwd).toBe('/work');
    // Initializers tell the package manager by this (create-vite prints `npm install`, not yarn's).
    expect(run?.env.npm_config_user_agent).toMatch(/^npm\/10\./);
    expect(p.registry.tarballFetches).toEqual(['create-vite@6.1.0']);
    // Nothing is added to a project: an initializer runs from npx's cache.
    expect(p.vfs.existsSync('/work/package.json')).toBe(false);
  });

  it('keeps the version asked for, and npm init works the same', async () => {
    const p = project(PACKAGES);
    const result = await p.npm(['init', 'vite@5', 'app'], '/');
    expect(result.code, result.output).toBe(0);
    expect(result.commandLines[0]?.line).toMatch(/node_modules\/create-vite\/index\.js app$/);
    expect(p.registry.tarballFetches).toEqual(['create-vite@5.0.0']);
  });

  it('npm init @scope runs @scope/create, and @scope/name runs @scope/create-name', async () => {
    const p = project(PACKAGES);
    const scopeOnly = await p.npm(['init', '@acme', 'x']);
    expect(scopeOnly.code, scopeOnly.output).toBe(0);
    expect(scopeOnly.commandLines[0]?.line).toMatch(/node_modules\/@acme\/create\/cli\.js x$/);
    const named = await p.npm(['create', '@acme/app']);
    expect(named.code, named.output).toBe(0);
    expect(named.commandLines[0]?.line).toMatch(/node_modules\/@acme\/create-app\/cli\.js$/);
  });

  it("without --, options are npm's: an unknown flag is warned about and its next word stays an argument", async () => {
    const p = project(PACKAGES);
    const result = await p.npm(['create', 'vite', 'my-app', '--template', 'react']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('npm warn Unknown cli config "--template". This will stop working in the next major version of npm.');
    expect(result.commandLines[0]?.line).toMatch(/create-vite\/index\.js my-app react$/);
  });

  it('names the initializer package when it does not exist', async () => {
    const p = project(PACKAGES);
    const result = await p.npm(['create', 'nothing-here']);
    expect(result.code).toBe(1);
    expect(result.output).toContain('create-nothing-here is not in the registry');
    expect(result.commandLines).toEqual([]);
  });

  it('refuses a git initializer with a message saying why', async () => {
    const p = project(PACKAGES);
    const result = await p.npm(['init', 'someone/starter']);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/someone\/create-starter: git dependencies are not supported/);
  });

  it('npm init -y still writes the default package.json, with init-* settings from .npmrc', async () => {
    const p = project(PACKAGES, { '/app/.npmrc': 'init-license=MIT\ninit-author-name=Ada\ninit-version=0.1.0\n' });
    const result = await p.npm(['init', '-y'], '/app');
    expect(result.code, result.output).toBe(0);
    expect(p.json('/app/package.json')).toMatchObject({ name: 'app', version: '0.1.0', license: 'MIT', author: 'Ada' });
    expect(result.commandLines).toEqual([]);
  });
});
