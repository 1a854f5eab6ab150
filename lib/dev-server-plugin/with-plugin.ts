/**
 * A Vite config as the user wrote it, with the source-locations plugin first in its `plugins` (so the plugin reads
 * the source as written, before any framework's plugin). Configs come as objects, functions (`defineConfig(({
 * command }) => …)`) or promises of either: a function or a promise gets the plugin in what it answers. The user's
 * object is never changed; a copy carries the plugin.
 */
import { sourceLocationsPlugin, type ProjectRequire } from './vite-plugin';

type UserConfig = { plugins?: unknown } & Record<string, unknown>;

export interface PluginContext {
  env: Record<string, string | undefined>;
  /** Loads the project's own packages (its Vue or Svelte compiler). */
  projectRequire?: ProjectRequire;
}

function withPlugin(config: unknown, context: PluginContext): unknown {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return config;
  const plugins = (config as UserConfig).plugins;
  const own = Array.isArray(plugins) ? plugins : plugins == null ? [] : [plugins];
  return { ...config, plugins: [sourceLocationsPlugin(context.env, context.projectRequire), ...own] };
}

export function withSourceLocationsPlugin(value: unknown, context: PluginContext): unknown {
  if (value instanceof Promise) return value.then((resolved: unknown) => withSourceLocationsPlugin(resolved, context));
  if (typeof value === 'function') {
    const defineConfig = value as (...args: unknown[]) => unknown;
    return (...args: unknown[]) => withSourceLocationsPlugin(defineConfig(...args), context);
  }
  return withPlugin(value, context);
}
