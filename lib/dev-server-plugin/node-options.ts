/**
 * How a real Node (WebContainer's) gets the source-locations plugin into the user's Vite without touching their
 * config: `NODE_OPTIONS=--import=<a data: module>` runs a few lines first in every Node process. In a process that
 * runs Vite's command line they register a module loader hook (`module.register`), which hands Vite the module it
 * bundled the config into with the plugin added (the plugin file's `withSourceLocations`). Elsewhere (npm, the
 * user's own scripts) they only set an environment variable, which is how the IDE checks that this Node honours
 * the option at all before it passes it on.
 *
 * Everything here is text for that Node, kept free of the IDE's imports; the hook does nothing when the plugin
 * file is gone (a deleted node_modules), so no process ever fails for it.
 */

/** The module Vite writes a `vite.config.*` into and imports (`vite.config.ts.timestamp-<n>-<hash>.mjs`). */
export const BUNDLED_VITE_CONFIG = /\/vite\.config\.[cm]?[jt]s\.timestamp-\d+-[0-9a-z]+\.mjs$/;

/** Set to `ready` by the `--import` module in every process that could register the hook. */
export const SOURCE_LOCATIONS_ENV = 'TABSMITH_SOURCE_LOCATIONS';

/** The query that asks the hook for the config module as Vite wrote it. */
const ORIGINAL_QUERY = 'tabsmith-original-config';

/** The loader hook: the bundled config is answered by a module that re-exports it with the plugin added. */
function hooksModule(pluginUrl: string): string {
  return `import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
const CONFIG = ${String(BUNDLED_VITE_CONFIG)};
const PLUGIN = ${JSON.stringify(pluginUrl)};
export async function load(url, context, nextLoad) {
  const [path, query = ''] = url.split('?');
  if (!path.startsWith('file:') || !CONFIG.test(path) || query.includes(${JSON.stringify(ORIGINAL_QUERY)}) || !existsSync(fileURLToPath(PLUGIN))) return nextLoad(url, context);
  const original = JSON.stringify(url + (url.includes('?') ? '&' : '?') + ${JSON.stringify(ORIGINAL_QUERY)});
  return {
    format: 'module',
    shortCircuit: true,
    source: 'import * as config from ' + original + ';\\nimport { withSourceLocations } from ' + JSON.stringify(PLUGIN) + ';\\nexport * from ' + original + ';\\nexport default withSourceLocations(config.default, ' + JSON.stringify(url) + ');\\n',
  };
}
`;
}

/** Vite's command line (`node_modules/.bin/vite`, `vite/bin/vite.js`): the only processes that get the hook. */
const VITE_BIN = /[\\/](?:\.bin[\\/]vite|vite[\\/]bin[\\/]vite\.js)$/;

function registerModule(pluginUrl: string): string {
  const hooks = `data:text/javascript,${encodeURIComponent(hooksModule(pluginUrl))}`;
  return `import { register } from 'node:module';
if (typeof register === 'function') {
  process.env.${SOURCE_LOCATIONS_ENV} = 'ready';
  if (${String(VITE_BIN)}.test(process.argv[1] ?? '')) {
    try { register(${JSON.stringify(hooks)}); } catch {}
  }
}
`;
}

/** The NODE_OPTIONS value that adds the hook, after the options the environment already has. */
export function sourceLocationsNodeOptions(pluginUrl: string, existing = ''): string {
  const option = `--import=data:text/javascript,${encodeURIComponent(registerModule(pluginUrl))}`;
  return existing.trim() === '' ? option : `${existing.trim()} ${option}`;
}

/** A Node command that prints `ready` when the option works in that Node (it fails or prints nothing otherwise). */
export const SOURCE_LOCATIONS_PROBE = { command: 'node', args: ['-e', `process.stdout.write(process.env.${SOURCE_LOCATIONS_ENV} || '')`] } as const;
