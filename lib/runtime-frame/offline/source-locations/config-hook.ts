/**
 * Where the runtime adds its dev-only plugin to a project's Vite: Vite bundles the user's `vite.config.*` into a
 * temporary module (`vite.config.js.timestamp-<n>-<hash>.mjs`, in node_modules/.vite-temp or beside the config)
 * and imports it; the module loader hands Vite that module's default export with the plugin appended to its
 * `plugins`. The file on disk is never changed, and a config written as a function (or a promise) gets the
 * plugin in what it returns.
 */
import { sourceLocationsPlugin } from './vite-plugin';

const BUNDLED_VITE_CONFIG = /\/vite\.config\.[cm]?[jt]s\.timestamp-\d+-[0-9a-z]+\.mjs$/;

/** Whether a module is the bundled form of a Vite config, whose default export the runtime extends. */
export function isBundledViteConfig(path: string): boolean {
  return BUNDLED_VITE_CONFIG.test(path);
}

type UserConfig = { plugins?: unknown } & Record<string, unknown>;

function withPlugin(config: unknown, env: Record<string, string | undefined>): unknown {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return config;
  const plugins = (config as UserConfig).plugins;
  return { ...config, plugins: [...(Array.isArray(plugins) ? plugins : plugins == null ? [] : [plugins]), sourceLocationsPlugin(env)] };
}

function extended(value: unknown, env: Record<string, string | undefined>): unknown {
  if (value instanceof Promise) return value.then((resolved: unknown) => extended(resolved, env));
  if (typeof value === 'function') {
    const defineConfig = value as (...args: unknown[]) => unknown;
    return (...args: unknown[]) => extended(defineConfig(...args), env);
  }
  return withPlugin(value, env);
}

/** The getter of a bundled Vite config's default export, answering the config with the runtime's plugin in it. */
export function extendViteConfigExport(get: () => unknown, env: Record<string, string | undefined>): () => unknown {
  let cached: { from: unknown; to: unknown } | null = null;
  return () => {
    const value = get();
    if (!cached || cached.from !== value) cached = { from: value, to: extended(value, env) };
    return cached.to;
  };
}
