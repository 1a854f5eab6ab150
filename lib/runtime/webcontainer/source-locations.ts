/**
 * Source locations for the element picker on WebContainer. The dev server runs in the container's Node, so the
 * plugin that marks elements with their file and line (lib/dev-server-plugin) goes in as a file the container's
 * Node loads: written into the project's node_modules (never synced back to the workspace, nothing of the user's
 * changed), and hooked into Vite through NODE_OPTIONS (lib/dev-server-plugin/node-options.ts). A probe first
 * checks that the container's Node honours the option; if it does not, commands run without it and the picker
 * says the dev server did not name the element's source.
 */
import { SOURCE_LOCATIONS_PROBE, sourceLocationsNodeOptions } from '@/lib/dev-server-plugin/node-options';
import type { WebContainerLike } from './api-types';
import { bounded } from './bounded';
import { errorMessage } from '../../error-message';

/** Where the IDE serves the plugin file (written by scripts/vendor-assets.mjs). */
export const SOURCE_LOCATIONS_PLUGIN_PATH = '/source-locations-plugin.mjs';
export const PLUGIN_FOLDER = 'node_modules/.tabsmith';
export const PLUGIN_NAME = 'source-locations.mjs';
const PROBE_TIMEOUT_MS = 15_000;

export interface SourceLocations {
  /** The environment every command gets: NODE_OPTIONS with the hook, or nothing when the probe failed. */
  env(): Promise<Record<string, string>>;
  /** Writes the plugin file again when it is gone (`rm -rf node_modules`, a fresh install). */
  ensurePlugin(): Promise<void>;
}

async function readAll(stream: ReadableStream<string>): Promise<string> {
  let text = '';
  await stream.pipeTo(new WritableStream({ write: (chunk) => void (text += chunk) })).catch(() => undefined);
  return text;
}

/** Fetches the plugin file from this page's origin; null where the page has none (tests under Node). */
export function defaultSourceLocationsPlugin(): (() => Promise<string>) | null {
  const origin = globalThis.location?.origin;
  if (!origin || origin === 'null') return null;
  return async () => {
    const response = await fetch(`${origin}${SOURCE_LOCATIONS_PLUGIN_PATH}`);
    if (!response.ok) throw new Error(`${SOURCE_LOCATIONS_PLUGIN_PATH} answered ${response.status}`);
    return response.text();
  };
}

export function setUpSourceLocations(wc: WebContainerLike, loadPlugin: () => Promise<string>): SourceLocations {
  const nodeOptions = sourceLocationsNodeOptions(`file://${wc.workdir}/${PLUGIN_FOLDER}/${PLUGIN_NAME}`);
  const plugin = loadPlugin();
  // Its failure is the probe's to report, whenever the probe reaches it.
  plugin.catch(() => undefined);
  let writing: Promise<void> | null = null;

  const writePlugin = async () => {
    await wc.fs.mkdir(PLUGIN_FOLDER, { recursive: true });
    await wc.fs.writeFile(`${PLUGIN_FOLDER}/${PLUGIN_NAME}`, await plugin);
  };
  const ensurePlugin = async () => {
    const present = await wc.fs
      .readdir(PLUGIN_FOLDER, { withFileTypes: true })
      .then((entries) => entries.some((entry) => entry.name === PLUGIN_NAME))
      .catch(() => false);
    if (present) return;
    writing ??= writePlugin().finally(() => (writing = null));
    await writing;
  };

  const probe = async (): Promise<boolean> => {
    await writePlugin();
    const child = await wc.spawn(SOURCE_LOCATIONS_PROBE.command, [...SOURCE_LOCATIONS_PROBE.args], { env: { NODE_OPTIONS: nodeOptions } });
    const [output, code] = await Promise.all([readAll(child.output), child.exit]);
    if (code === 0 && output.trim() === 'ready') return true;
    console.info(
      `Elements in WebContainer previews are not marked with their source: its Node did not take the loader hook (${output.trim() || `exit ${code}`}).`,
    );
    return false;
  };
  const enabled = bounded(
    probe().catch((error: unknown) => {
      console.info('Elements in WebContainer previews are not marked with their source:', errorMessage(error));
      return false;
    }),
    PROBE_TIMEOUT_MS,
    false,
  );

  return {
    env: async (): Promise<Record<string, string>> => ((await enabled) ? { NODE_OPTIONS: nodeOptions } : {}),
    ensurePlugin: async () => {
      if (await enabled) await ensurePlugin().catch(() => undefined);
    },
  };
}
