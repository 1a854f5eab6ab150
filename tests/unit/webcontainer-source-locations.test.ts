import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOURCE_LOCATIONS_PROBE, sourceLocationsNodeOptions } from '@/lib/dev-server-plugin/node-options';
import type { Runtime } from '@/lib/runtime/port';
import { createFakeWebContainerApi, type FakeApiOptions } from './fakes/webcontainer-api';

const PLUGIN_TEXT = 'export function withSourceLocations(config) { return config; }\n';
const PLUGIN_PATH = 'node_modules/.tabsmith/source-locations.mjs';
const HOOK = sourceLocationsNodeOptions('file:///home/project/node_modules/.tabsmith/source-locations.mjs');

let live: Runtime[] = [];
afterEach(() => {
  for (const runtime of live) runtime.dispose();
  live = [];
  vi.restoreAllMocks();
});

async function boot(options: FakeApiOptions = {}, sourceLocationsPlugin: () => Promise<string> = async () => PLUGIN_TEXT) {
  vi.resetModules();
  const adapter = await import('@/lib/runtime/webcontainer');
  const fake = createFakeWebContainerApi(options);
  const runtime = await adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api, previewScriptUrl: null, sourceLocationsPlugin });
  live.push(runtime);
  return { runtime, wc: fake.wc };
}

const spawnsOf = (calls: { method: string; args: unknown[] }[]) =>
  calls.filter((call) => call.method === 'spawn').map((call) => call.args as [string, string[], { env?: Record<string, string> } | undefined]);

async function run(runtime: Runtime, command: string, args: string[], env?: Record<string, string>) {
  const child = await runtime.spawn(command, args, env ? { env } : {});
  let output = '';
  await child.output.pipeTo(new WritableStream({ write: (chunk) => void (output += chunk) }));
  return { code: await child.exit, output };
}

describe('source locations on WebContainer', () => {
  it('writes the plugin into node_modules, checks that Node takes the hook, then gives every command and the shell the hook', async () => {
    const { runtime, wc } = await boot();
    expect(await run(runtime, 'node', ['-e', "process.stdout.write(process.env.TABSMITH_SOURCE_LOCATIONS || '')"])).toEqual({ code: 0, output: 'ready' });
    expect(new TextDecoder().decode(await wc.fs.readFile(PLUGIN_PATH))).toBe(PLUGIN_TEXT);
    await runtime.shell({});
    const [probe, command, shell] = spawnsOf(wc.calls);
    expect(probe).toEqual([SOURCE_LOCATIONS_PROBE.command, [...SOURCE_LOCATIONS_PROBE.args], { env: { NODE_OPTIONS: HOOK } }]);
    expect(command?.[2]?.env).toEqual({ npm_config_yes: 'true', NODE_OPTIONS: HOOK });
    expect(shell?.[0]).toBe('jsh');
    expect(shell?.[2]?.env).toEqual({ NODE_OPTIONS: HOOK });
    // The probe is the IDE's own, not one of the user's processes: the list has the shell only (the command ended).
    expect(runtime.processes().map((process) => process.command)).toEqual(['jsh']);
  });

  it("lets a command's own NODE_OPTIONS replace the hook", async () => {
    const { runtime, wc } = await boot();
    await run(runtime, 'node', ['-e', "process.stdout.write(process.env.TABSMITH_SOURCE_LOCATIONS || '')"], { NODE_OPTIONS: '--max-old-space-size=256' });
    expect(spawnsOf(wc.calls)[1]?.[2]?.env).toEqual({ npm_config_yes: 'true', NODE_OPTIONS: '--max-old-space-size=256' });
  });

  it('writes the plugin again before a command when node_modules was removed', async () => {
    const { runtime, wc } = await boot();
    await run(runtime, 'node', ['-e', "process.stdout.write(process.env.TABSMITH_SOURCE_LOCATIONS || '')"]);
    await wc.fs.rm('node_modules', { recursive: true, force: true });
    await expect(wc.fs.readFile(PLUGIN_PATH)).rejects.toThrow();
    await run(runtime, 'node', ['-e', "process.stdout.write(process.env.TABSMITH_SOURCE_LOCATIONS || '')"]);
    expect(new TextDecoder().decode(await wc.fs.readFile(PLUGIN_PATH))).toBe(PLUGIN_TEXT);
  });

  it("runs commands without the hook, saying why, when the container's Node refuses --import", async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { runtime, wc } = await boot({ nodeImport: false });
    const result = await run(runtime, 'node', ['-e', "process.stdout.write(process.env.TABSMITH_SOURCE_LOCATIONS || '')"]);
    expect(result).toEqual({ code: 0, output: '' });
    expect(spawnsOf(wc.calls)[1]?.[2]?.env).toEqual({ npm_config_yes: 'true' });
    expect(info).toHaveBeenCalledWith(expect.stringContaining('node: --import= is not allowed in NODE_OPTIONS'));
  });

  it('runs commands without the hook when the plugin file cannot be read', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { runtime, wc } = await boot({}, async () => {
      throw new Error('/source-locations-plugin.mjs answered 404');
    });
    expect((await run(runtime, 'node', ['-e', "process.stdout.write(process.env.TABSMITH_SOURCE_LOCATIONS || '')"])).code).toBe(0);
    expect(spawnsOf(wc.calls)).toHaveLength(1);
    expect(spawnsOf(wc.calls)[0]?.[2]?.env).toEqual({ npm_config_yes: 'true' });
    expect(info).toHaveBeenCalledWith(expect.stringContaining('not marked'), '/source-locations-plugin.mjs answered 404');
  });
});
