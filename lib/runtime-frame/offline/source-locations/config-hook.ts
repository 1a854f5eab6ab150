/**
 * Where the runtime adds its dev-only plugin to a project's Vite: Vite bundles the user's `vite.config.*` into a
 * temporary module (`vite.config.js.timestamp-<n>-<hash>.mjs`, in node_modules/.vite-temp or beside the config)
 * and imports it; the module loader hands Vite that module's default export with the plugin put first in its
 * `plugins` (so it reads the source as written, before any framework's plugin). The file on disk is never changed, and a config written as a function (or a promise) gets the
 * plugin in what it returns.
 */
import { sourceLocationsPlugin, type ProjectRequire } from './vite-plugin';

const BUNDLED_VITE_CONFIG = /\/vite\.config\.[cm]?[jt]s\.timestamp-\d+-[0-9a-z]+\.mjs$/;

/** Whether a module is the bundled form of a Vite config, whose default export the runtime extends. */
export function isBundledViteConfig(path: string): boolean {
  return BUNDLED_VITE_CONFIG.test(path);
}

type UserConfig = { plugins?: unknown } & Record<string, unknown>;

interface Context {
  env: Record<string, string | undefined>;
  projectRequire?: ProjectRequire;
}

function withPlugin(config: unknown, context: Context): unknown {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return config;
  const plugins = (config as UserConfig).plugins;
  const own = Array.isArray(plugins) ? plugins : plugins == null ? [] : [plugins];
  return { ...config, plugins: [sourceLocationsPlugin(context.env, context.projectRequire), ...own] };
}

function extended(value: unknown, context: Context): unknown {
  if (value instanceof Promise) return value.then((resolved: unknown) => extended(resolved, context));
  if (typeof value === 'function') {
    const defineConfig = value as (...args: unknown[]) => unknown;
    return (...args: unknown[]) => extended(defineConfig(...args), context);
  }
  return withPlugin(value, context);
}

/**
 * The getter of a bundled Vite config's default export, answering the config with the runtime's plugin in it.
 * `projectRequire` loads the project's own packages (its Vue or Svelte compiler) from the config's folder.
 */
export function extendViteConfigExport(get: () => unknown, env: Record<string, string | undefined>, projectRequire?: ProjectRequire): () => unknown {
  let cached: { from: unknown; to: unknown } | null = null;
  return () => {
    const value = get();
    if (!cached || cached.from !== value) cached = { from: value, to: extended(value, { env, projectRequire }) };
    return cached.to;
  };
}
