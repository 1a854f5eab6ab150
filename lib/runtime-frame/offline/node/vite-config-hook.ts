/**
 * Where the offline runtime adds its dev-only plugin to a project's Vite: Vite bundles the user's `vite.config.*`
 * into a temporary module (`vite.config.js.timestamp-<n>-<hash>.mjs`, in node_modules/.vite-temp or beside the
 * config) and imports it; the module loader hands Vite that module's default export with the plugin in it
 * (lib/dev-server-plugin). The file on disk is never changed.
 */
import { BUNDLED_VITE_CONFIG } from '@/lib/dev-server-plugin/node-options';
import type { ProjectRequire } from '@/lib/dev-server-plugin/vite-plugin';
import { withSourceLocationsPlugin } from '@/lib/dev-server-plugin/with-plugin';

/** Whether a module is the bundled form of a Vite config, whose default export the runtime extends. */
export function isBundledViteConfig(path: string): boolean {
  return BUNDLED_VITE_CONFIG.test(path);
}

/**
 * The getter of a bundled Vite config's default export, answering the config with the runtime's plugin in it.
 * `projectRequire` loads the project's own packages (its Vue or Svelte compiler) from the config's folder.
 */
export function extendViteConfigExport(get: () => unknown, env: Record<string, string | undefined>, projectRequire?: ProjectRequire): () => unknown {
  let cached: { from: unknown; to: unknown } | null = null;
  return () => {
    const value = get();
    if (!cached || cached.from !== value) cached = { from: value, to: withSourceLocationsPlugin(value, { env, projectRequire }) };
    return cached.to;
  };
}
