import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceLocationsNodeOptions } from '@/lib/dev-server-plugin/node-options';

// The NODE_OPTIONS hook under this machine's real Node: which processes get it, what Vite's import of a bundled
// config then answers, and that nothing breaks when the plugin file is gone. (With the real plugin and the real
// Vite: tests/e2e/source-locations-node.spec.ts.)

const run = promisify(execFile);
let dir = '';
let pluginPath = '';
const CONFIG_NAME = 'vite.config.js.timestamp-1732000000000-5f3a9c.mjs';

/** Imports the module the way Vite imports a bundled config, and prints the plugin names of its default export. */
const IMPORTER = `const config = (await import(new URL(process.argv[2], 'file://').href)).default;
const resolved = await (typeof config === 'function' ? config({ command: 'serve' }) : config);
console.log(JSON.stringify(resolved.plugins.map((plugin) => plugin.name)));
`;

async function importedPlugins(script: string, config: string, nodeOptions = sourceLocationsNodeOptions(pathToFileURL(pluginPath).href)) {
  const { stdout } = await run(process.execPath, [script, config], { env: { ...process.env, NODE_OPTIONS: nodeOptions } });
  return JSON.parse(stdout) as string[];
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tabsmith-node-options-'));
  await mkdir(join(dir, 'node_modules', '.bin'), { recursive: true });
  await mkdir(join(dir, 'node_modules', '.vite-temp'), { recursive: true });
  await mkdir(join(dir, 'node_modules', 'vite', 'bin'), { recursive: true });
  await writeFile(join(dir, 'node_modules', '.bin', 'vite'), IMPORTER);
  await writeFile(join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), IMPORTER);
  await writeFile(join(dir, 'other-tool.mjs'), IMPORTER);
  await writeFile(join(dir, 'node_modules', '.vite-temp', CONFIG_NAME), "export default { plugins: [{ name: 'user' }] };\n");
  await writeFile(join(dir, 'function.config.mjs'), "export default () => ({ plugins: [{ name: 'user' }] });\n");
  await writeFile(join(dir, CONFIG_NAME.replace('.js.', '.ts.')), "export default () => Promise.resolve({ plugins: [{ name: 'user' }] });\n");
  pluginPath = join(dir, 'node_modules', '.tabsmith', 'source-locations.mjs');
  await mkdir(join(dir, 'node_modules', '.tabsmith'), { recursive: true });
  await writeFile(
    pluginPath,
    `export function withSourceLocations(config, url) {
  const add = (value) => ({ ...value, plugins: [{ name: 'marks for ' + url.slice(url.lastIndexOf('/') + 1) }, ...value.plugins] });
  return typeof config === 'function' ? (...args) => Promise.resolve(config(...args)).then(add) : add(config);
}
`,
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the NODE_OPTIONS source-locations hook in a real Node', () => {
  it("hands Vite's command line the bundled config with the plugin first, and the module's own URL", async () => {
    const config = join(dir, 'node_modules', '.vite-temp', CONFIG_NAME);
    expect(await importedPlugins(join(dir, 'node_modules', '.bin', 'vite'), config)).toEqual([`marks for ${CONFIG_NAME}`, 'user']);
    expect(await importedPlugins(join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), config)).toEqual([`marks for ${CONFIG_NAME}`, 'user']);
  });

  it('passes a config written as a function returning a promise through the plugin file', async () => {
    const config = join(dir, CONFIG_NAME.replace('.js.', '.ts.'));
    expect(await importedPlugins(join(dir, 'node_modules', '.bin', 'vite'), config)).toEqual([`marks for ${CONFIG_NAME.replace('.js.', '.ts.')}`, 'user']);
  });

  it('leaves other processes and other modules alone', async () => {
    expect(await importedPlugins(join(dir, 'other-tool.mjs'), join(dir, 'node_modules', '.vite-temp', CONFIG_NAME))).toEqual(['user']);
    expect(await importedPlugins(join(dir, 'node_modules', '.bin', 'vite'), join(dir, 'function.config.mjs'))).toEqual(['user']);
  });

  it("keeps the user's NODE_OPTIONS before its own", async () => {
    const options = sourceLocationsNodeOptions(pathToFileURL(pluginPath).href, '--max-old-space-size=300');
    expect(options.startsWith('--max-old-space-size=300 --import=data:text/javascript,')).toBe(true);
    const { stdout } = await run(process.execPath, ['-p', 'v8.getHeapStatistics().heap_size_limit < 1024 * 1024 * 1024'], {
      env: { ...process.env, NODE_OPTIONS: options },
    });
    expect(stdout.trim()).toBe('true');
  });

  it('changes nothing, and fails nothing, once the plugin file is gone', async () => {
    const gone = sourceLocationsNodeOptions(pathToFileURL(join(dir, 'node_modules', '.tabsmith', 'removed.mjs')).href);
    expect(await importedPlugins(join(dir, 'node_modules', '.bin', 'vite'), join(dir, 'node_modules', '.vite-temp', CONFIG_NAME), gone)).toEqual(['user']);
  });
});
