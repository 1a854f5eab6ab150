/** npm's subcommands and npx, and what the registry proxy's failures look like to the user. */
import { describe, expect, it } from 'vitest';
import { createHttpRegistry, tarballUrl } from '@/lib/runtime-frame/offline/npm/registry';
import { packumentSchema } from '@/lib/runtime-frame/offline/npm/schemas';
import { project, type FakePackages } from './npm-fake-registry';

const PACKAGES: FakePackages = {
  cowsay: { versions: { '1.5.0': { bin: { cowsay: './cli.js', cowthink: './think.js' }, files: { 'cli.js': '', 'think.js': '' } } } },
  vite: {
    versions: {
      '5.0.0': { bin: { vite: 'bin/vite.js' }, files: { 'bin/vite.js': '' } },
      '6.0.0': { bin: { vite: 'bin/vite.js' }, files: { 'bin/vite.js': '' } },
    },
  },
  lodash: { versions: { '4.17.20': {}, '4.17.21': { dependencies: { dep: '1' } } } },
  dep: { versions: { '1.0.0': {} } },
};

describe('npm run', () => {
  it('runs pre/post hooks with node_modules/.bin on PATH, npm variables, and args after --', async () => {
    const p = project(PACKAGES, {
      '/app/package.json': JSON.stringify({ name: 'app', version: '2.0.0', scripts: { prebuild: 'echo pre', build: 'vite build', postbuild: 'echo post' } }),
    });
    const result = await p.npm(['run', 'build', '--', '--mode', 'x y'], '/app');
    expect(result.code).toBe(0);
    expect(result.commandLines.map((entry) => entry.line)).toEqual(['echo pre', "vite build --mode 'x y'", 'echo post']);
    const { env, cwd } = result.commandLines[1] as (typeof result.commandLines)[number];
    expect(cwd).toBe('/app');
    expect(env.PATH?.split(':').slice(0, 2)).toEqual(['/app/node_modules/.bin', '/node_modules/.bin']);
    expect(env).toMatchObject({
      npm_lifecycle_event: 'build',
      npm_package_name: 'app',
      npm_package_version: '2.0.0',
      npm_lifecycle_script: "vite build --mode 'x y'",
    });
    expect(result.output).toContain('> app@2.0.0 build');
  });

  it('lists scripts, and names the missing one', async () => {
    const p = project(PACKAGES, { '/package.json': JSON.stringify({ scripts: { dev: 'vite' } }) });
    expect((await p.npm(['run'])).output).toContain('dev\n    vite');
    const missing = await p.npm(['run', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('Missing script: "nope"');
  });
});

describe('npx and npm exec', () => {
  it('runs a local bin through node', async () => {
    const p = project(PACKAGES, { '/package.json': '{}' });
    await p.npm(['install', '-D', 'vite@5']);
    const result = await p.npx(['vite', 'build', '--watch']);
    expect(result.code, result.output).toBe(0);
    expect(result.commandLines.map((entry) => entry.line)).toEqual(['node /node_modules/vite/bin/vite.js build --watch']);
    expect(p.registry.tarballFetches).toEqual(['vite@5.0.0']);
  });

  it('installs a missing package into a hidden cache once, then runs its bin', async () => {
    const p = project(PACKAGES, { '/package.json': '{"name":"app"}' });
    const first = await p.npx(['-y', 'cowsay', 'hello']);
    expect(first.code, first.output).toBe(0);
    const [line] = first.commandLines.map((entry) => entry.line);
    expect(line).toMatch(/^node \/node_modules\/\.cache\/_npx\/[0-9a-f]{8}\/node_modules\/cowsay\/cli\.js hello$/);
    // The project's files are untouched.
    expect(p.json('/package.json')).toEqual({ name: 'app' });
    expect(p.vfs.existsSync('/package-lock.json')).toBe(false);
    await p.npx(['cowsay', 'again']);
    expect(p.registry.tarballFetches).toEqual(['cowsay@1.5.0']);
  });

  it('npm exec with --package and a command after --', async () => {
    const p = project(PACKAGES, { '/package.json': '{}' });
    const result = await p.npm(['exec', '--package=cowsay', '--', 'cowthink', 'hm']);
    expect(result.commandLines[0]?.line).toMatch(/cowsay\/think\.js hm$/);
  });

  it('a requested version is installed even when another is local', async () => {
    const p = project(PACKAGES, { '/package.json': '{}' });
    await p.npm(['install', 'vite@5']);
    const result = await p.npx(['vite@6', '--version']);
    expect(result.commandLines[0]?.line).toMatch(/_npx\/[0-9a-f]+\/node_modules\/vite\/bin\/vite\.js --version$/);
  });
});

describe('npm ls, view, init, -v', () => {
  it('ls draws the tree with --depth and flags what is missing', async () => {
    const p = project(PACKAGES, { '/package.json': '{"name":"app","version":"1.0.0"}' });
    await p.npm(['install', 'lodash']);
    expect((await p.npm(['ls'])).output).toBe('app@1.0.0 /\n└── lodash@4.17.21\n');
    expect((await p.npm(['ls', '--depth=1'])).output).toBe('app@1.0.0 /\n└─┬ lodash@4.17.21\n  └── dep@1.0.0\n');
    p.vfs.writeFileSync('/package.json', JSON.stringify({ name: 'app', version: '1.0.0', dependencies: { lodash: '^4.17.21', vite: '^5' } }));
    const broken = await p.npm(['ls']);
    expect(broken.code).toBe(1);
    expect(broken.output).toContain('UNMET DEPENDENCY vite@^5');
  });

  it('view prints a version, the versions, dist-tags and dependencies', async () => {
    const p = project(PACKAGES);
    expect((await p.npm(['view', 'lodash', 'version'])).output).toBe('4.17.21\n');
    expect((await p.npm(['view', 'lodash@4.17.20', 'version'])).output).toBe('4.17.20\n');
    expect(JSON.parse((await p.npm(['view', 'lodash', 'versions'])).output)).toEqual(['4.17.20', '4.17.21']);
    expect(JSON.parse((await p.npm(['view', 'lodash', 'dist-tags'])).output)).toEqual({ latest: '4.17.21' });
    expect(JSON.parse((await p.npm(['view', 'lodash', 'dependencies'])).output)).toEqual({ dep: '1' });
  });

  it('init -y writes a package.json named after the folder; -v prints a version', async () => {
    const p = project(PACKAGES, { '/my-app/.keep': '' });
    expect((await p.npm(['init', '-y'], '/my-app')).code).toBe(0);
    expect(p.json('/my-app/package.json')).toMatchObject({ name: 'my-app', version: '1.0.0' });
    expect((await p.npm(['-v'])).output).toMatch(/^10\.\d+\.\d+\n$/);
    expect((await p.npm(['frobnicate'])).output).toContain('Unknown command: "frobnicate"');
  });
});

describe('registry proxy failures', () => {
  const registry = (status: number, body: string, type = 'application/json') =>
    createHttpRegistry({ base: 'http://x/api/npm', fetch: async () => new Response(body, { status, headers: { 'Content-Type': type } }) });

  it("prints the proxy's JSON error", async () => {
    await expect(registry(500, '{"error":"No npm registry configured for the proxy"}').packument('react')).rejects.toThrow(
      'The registry proxy could not get the package react: 500 No npm registry configured for the proxy',
    );
  });

  it('prints a plain-text reason and names a 404', async () => {
    await expect(registry(502, 'upstream timed out', 'text/plain').packument('react')).rejects.toThrow('502 upstream timed out');
    await expect(registry(404, '{"error":"Package not found: nope"}').packument('nope')).rejects.toThrow(/nope is not in the registry/);
  });

  it('reads old packages whose manifests break the rules instead of failing the install', () => {
    const parsed = packumentSchema.parse({
      name: 'node-int64',
      'dist-tags': { latest: '1.0.0' },
      versions: {
        '1.0.0': { name: 'node-int64', version: '1.0.0', dependencies: [], engines: ['node'], dist: { tarball: 'x/node-int64-1.0.0.tgz' } },
        '0.9.0': { name: 'node-int64', version: '0.9.0' },
      },
    });
    expect(Object.keys(parsed.versions)).toEqual(['1.0.0']);
    expect(parsed.versions['1.0.0']?.dependencies).toBeUndefined();
  });

  it('sends tarball requests through the proxy whatever host the lock names', () => {
    expect(tarballUrl('http://x/api/npm', { name: '@s/p', version: '1.0.0', url: 'https://elsewhere.example/@s/p/-/p-1.0.0.tgz' })).toBe(
      'http://x/api/npm/@s/p/-/p-1.0.0.tgz',
    );
    expect(tarballUrl('http://x/api/npm/', { name: 'a', version: '2.0.0' })).toBe('http://x/api/npm/a/-/a-2.0.0.tgz');
  });
});
