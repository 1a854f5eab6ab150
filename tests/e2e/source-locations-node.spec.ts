import { expect, test } from '@playwright/test';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import { SOURCE_LOCATIONS_PROBE, sourceLocationsNodeOptions } from '@/lib/dev-server-plugin/node-options';
import { createViteTemplate, installInNode } from './fixtures/registry/templates.mjs';
import { fixtureRegistryUrl } from './support/registry';

// On WebContainer the dev server runs in the container's Node, which gets the source-locations plugin through
// NODE_OPTIONS and a file the IDE writes into node_modules (lib/runtime/webcontainer/source-locations.ts).
// WebContainer cannot boot here, so this runs exactly that NODE_OPTIONS and the plugin file the IDE serves under
// this machine's real Node, with the project's own Vite: the same code a container's Node would run.

const PLUGIN_URL = pathToFileURL(join(process.cwd(), 'public', 'source-locations-plugin.mjs')).href;
const NODE_OPTIONS = sourceLocationsNodeOptions(PLUGIN_URL);
const run = promisify(execFile);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function installTemplate(template: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `tabsmith-${template}-`));
  await installInNode(await createViteTemplate(fixtureRegistryUrl(), template), dir, fixtureRegistryUrl());
  return dir;
}

/** The project's own `vite` (its bin, as `npm run dev` starts it) with the IDE's NODE_OPTIONS; resolves once it serves. */
async function startVite(dir: string): Promise<{ origin: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn(join(dir, 'node_modules', '.bin', 'vite'), ['--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, NODE_OPTIONS, CI: '1' },
  });
  let output = '';
  // Without its colours (the runner's environment may force them).
  const add = (chunk: Buffer) => (output += stripVTControlCharacters(chunk.toString()));
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  await expect.poll(() => output, { timeout: 60_000 }).toContain('Local:');
  return { origin: `http://127.0.0.1:${port}`, child, output: () => output };
}

/** The 1-based line of `file` whose text has `needle`. */
async function lineOf(file: string, needle: string): Promise<number> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const index = lines.findIndex((line) => line.includes(needle));
  expect(index, `${needle} in ${file}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

test.describe.configure({ mode: 'serial' });

test('the NODE_OPTIONS hook is taken by a real Node', async () => {
  const { stdout } = await run(process.execPath, [...SOURCE_LOCATIONS_PROBE.args], { env: { ...process.env, NODE_OPTIONS } });
  expect(stdout).toBe('ready');
});

for (const { template, file, needle } of [
  { template: 'react', file: 'src/App.jsx', needle: '<button' },
  { template: 'vue', file: 'src/components/HelloWorld.vue', needle: '<button' },
]) {
  test(`${template}: the project's Vite in a real Node marks ${file}'s elements in dev, and vite build has no marks`, async () => {
    test.setTimeout(240_000);
    const dir = await installTemplate(template);
    const config = await readFile(join(dir, 'vite.config.js'), 'utf8');
    const vite = await startVite(dir);
    try {
      const served = await (await fetch(`${vite.origin}/${file}`)).text();
      const line = await lineOf(join(dir, file), needle);
      // The button's mark names the line it is written on (its column too), read by the project's own compiler for Vue.
      expect(served).toMatch(new RegExp(`data-tabsmith-loc"?[:=] ?"${file.replace(/[./]/g, '\\$&')}:${line}:\\d+"`));
      expect(vite.output()).not.toMatch(/error/i);
    } finally {
      vite.child.kill();
    }
    await run(join(dir, 'node_modules', '.bin', 'vite'), ['build'], { cwd: dir, env: { ...process.env, NODE_OPTIONS } });
    const built = await Promise.all((await filesUnder(join(dir, 'dist'))).map((path) => readFile(path, 'utf8')));
    expect(built.length).toBeGreaterThan(1);
    expect(built.join('\n')).not.toContain('data-tabsmith-loc');
    // The user's config on disk is as it was.
    expect(await readFile(join(dir, 'vite.config.js'), 'utf8')).toBe(config);
    await rm(dir, { recursive: true, force: true });
  });
}
