/**
 * The plugin file a real Node loads (bundled into public/source-locations-plugin.mjs with its parsers): the loader
 * hook of node-options.ts hands it the user's bundled Vite config and the config module's URL, which is inside
 * the project, so the project's own Vue or Svelte compiler resolves from there.
 */
import { createRequire } from 'node:module';
import { withSourceLocationsPlugin } from './with-plugin';

export function withSourceLocations(config: unknown, configUrl: string): unknown {
  return withSourceLocationsPlugin(config, { env: process.env, projectRequire: createRequire(configUrl) });
}
