/** npm's options from .npmrc and the command line: honoured, or named in a warning; never dropped silently. */
import { describe, expect, it } from 'vitest';
import { parseNpmArgs } from '@/lib/runtime-frame/offline/npm/options';
import { project, type FakePackages } from './npm-fake-registry';

const PACKAGES: FakePackages = {
  'react-dom': { versions: { '18.3.1': { peerDependencies: { react: '^18.3.1' } } } },
  react: { versions: { '18.3.1': {} } },
  '@corp/ui': { versions: { '1.0.0': {} } },
  cowsay: { versions: { '1.5.0': { bin: { cowsay: './cli.js' }, files: { 'cli.js': '' } } } },
};

describe('parseNpmArgs', () => {
  it('reads values, negations, abbreviations and -- as npm does', () => {
    const parsed = parseNpmArgs(['-DE', '--omit', 'optional', '--no-save', '--save-prefix=~', 'a', '--flag', 'b', '--', '--x']);
    expect(Object.fromEntries(parsed.values)).toEqual({
      'save-dev': true,
      'save-exact': true,
      omit: ['optional'],
      save: false,
      'save-prefix': '~',
      flag: true,
    });
    expect(parsed.positionals).toEqual(['a', 'b', '--x']);
    expect(parsed.unknown).toEqual(['--flag']);
  });
});

describe('.npmrc', () => {
  it('honours legacy-peer-deps, save-exact and save-prefix', async () => {
    const p = project(PACKAGES, { '/package.json': '{"name":"app"}', '/.npmrc': 'legacy-peer-deps=true\nsave-prefix=~\n' });
    const result = await p.npm(['install', 'react-dom']);
    expect(result.code, result.output).toBe(0);
    expect(p.vfs.existsSync('/node_modules/react')).toBe(false);
    expect(p.json('/package.json')).toEqual({ name: 'app', dependencies: { 'react-dom': '~18.3.1' } });
    p.vfs.writeFileSync('/.npmrc', 'save-exact=true\n');
    await p.npm(['install', 'react']);
    expect(p.json('/package.json').dependencies).toMatchObject({ react: '18.3.1' });
    expect(p.vfs.existsSync('/node_modules/react')).toBe(true);
  });

  it("reads the project's .npmrc and the one in $HOME (the project winning)", async () => {
    const p = project(PACKAGES, { '/.npmrc': 'save-prefix=~\n', '/app/package.json': '{}', '/app/.npmrc': 'save-exact=true\n' });
    expect((await p.npm(['install', 'react'], '/app')).code).toBe(0);
    expect(p.json('/app/package.json').dependencies).toEqual({ react: '18.3.1' });
  });

  it('names a registry it cannot reach, and still installs through the proxy', async () => {
    const p = project(PACKAGES, { '/package.json': '{}', '/.npmrc': 'registry=https://mirror.example/npm/\n' });
    const result = await p.npm(['install', 'react']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(
      "npm warn config registry (in /.npmrc) = https://mirror.example/npm/ is not used: the browser reaches packages only through the app's registry proxy",
    );
  });

  it("refuses a scope mapped to another registry instead of fetching the same name from the proxy's registry", async () => {
    const p = project(PACKAGES, { '/package.json': '{}', '/.npmrc': '@corp:registry=https://npm.corp.example/\n' });
    const result = await p.npm(['install', '@corp/ui']);
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'Cannot install @corp/ui: @corp:registry (in /.npmrc) says @corp packages come from https://npm.corp.example/, which this runtime cannot reach',
    );
    expect(p.registry.packumentFetches).not.toContain('@corp/ui');
    expect((await p.npm(['install', 'react'])).code).toBe(0);
  });

  it('names credentials (never their value), unknown keys, and settings it cannot honour', async () => {
    const p = project(PACKAGES, {
      '/package.json': '{}',
      '/.npmrc': '//npm.corp.example/:_authToken=s3cret\nengine-strict=true\nbin-links=true\nfrobnicate=1\naudit=false\n',
    });
    const result = await p.npm(['install']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(
      'npm warn config //npm.corp.example/:_authToken (in /.npmrc) is not used: credentials and per-registry settings are never sent',
    );
    expect(result.output).not.toContain('s3cret');
    expect(result.output).toContain("npm warn config engine-strict (in /.npmrc) has no effect here: this runtime's npm does not check the engines field");
    expect(result.output).toContain('npm warn Unknown user config "frobnicate". This will stop working in the next major version of npm.');
    // npm's defaults, and what the runtime does anyway, need no word.
    expect(result.output).not.toMatch(/bin-links|audit/);
  });
});

describe('command-line options', () => {
  it('warns about unknown flags and settings it cannot honour, and goes on as npm does', async () => {
    const p = project(PACKAGES, { '/package.json': '{}' });
    const result = await p.npm(['install', 'react', '--frobnicate', '--offline']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('npm warn Unknown cli config "--frobnicate".');
    expect(result.output).toContain('npm warn config --offline has no effect here: this runtime keeps no package cache');
    expect(p.json('/package.json').dependencies).toEqual({ react: '^18.3.1' });
  });

  it('--no-package-lock writes node_modules but no lock; --omit=dev with --include=dev omits nothing', async () => {
    const p = project(PACKAGES, { '/package.json': '{"devDependencies":{"react":"18.3.1"}}' });
    expect((await p.npm(['install', '--no-package-lock', '--omit=dev', '--include=dev'])).code).toBe(0);
    expect(p.vfs.existsSync('/node_modules/react')).toBe(true);
    expect(p.vfs.existsSync('/package-lock.json')).toBe(false);
  });

  it("npm run passes words and what follows -- to the script; its own flags stay npm's", async () => {
    const p = project(PACKAGES, { '/package.json': '{"scripts":{"dev":"vite"}}' });
    const result = await p.npm(['run', 'dev', '--port', '3000', '--', '--host']);
    expect(result.output).toContain('npm warn Unknown cli config "--port".');
    expect(result.commandLines.map((entry) => entry.line)).toEqual(['vite 3000 --host']);
  });

  it('npx reads npm options before the command and hands the rest to it', async () => {
    const p = project(PACKAGES, { '/package.json': '{}' });
    const result = await p.npx(['--yes', '--frobnicate', 'cowsay', '--moo', 'hi']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('npm warn Unknown cli config "--frobnicate".');
    expect(result.commandLines[0]?.line).toMatch(/cowsay\/cli\.js --moo hi$/);
    const refused = await p.npx(['--no', 'nothing-local']);
    expect(refused.output).toContain('npx canceled due to missing packages and no YES option');
  });

  it('refuses global installs', async () => {
    const p = project(PACKAGES, { '/package.json': '{}' });
    expect((await p.npm(['i', '-g', 'cowsay'])).output).toContain('Global installs are not supported in this runtime');
  });
});

describe('options a command does not implement here', () => {
  it('npm ls --json says it prints text, and still prints the tree', async () => {
    const p = project(PACKAGES, { '/package.json': '{"name":"app","version":"1.0.0","dependencies":{"react":"18.3.1"}}' });
    await p.npm(['install']);
    const result = await p.npm(['ls', '--json']);
    expect(result.output).toContain('npm warn config --json has no effect on npm ls here: npm ls prints its tree as text only here');
    expect(result.output).toContain('└── react@18.3.1');
  });
});

describe('npm abbreviations that take a value', () => {
  it('-w <name> is --workspace: it takes its value and says workspaces are not supported', async () => {
    const p = project(PACKAGES, { '/package.json': '{}' });
    const result = await p.npm(['install', '-w', 'site', 'react']);
    expect(result.output).toContain("npm warn config --workspace has no effect here: workspaces are not supported by this runtime's npm");
    expect(p.json('/package.json').dependencies).toEqual({ react: '^18.3.1' });
  });
});

describe('npm <command> -h', () => {
  it('prints the usage instead of running the command', async () => {
    const p = project(PACKAGES, { '/package.json': '{}' });
    const result = await p.npm(['install', 'react', '-h']);
    expect(result.code).toBe(0);
    expect(result.output).toContain('npm install [<pkg>[@<range>] …]');
    expect(p.vfs.existsSync('/node_modules/react')).toBe(false);
  });
});
