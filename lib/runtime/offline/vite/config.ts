/**
 * Reads the project's vite.config.* and .env files. The config runs as the user wrote it (compiled to
 * CommonJS by esbuild), with `vite` and the framework plugins it imports stood in by descriptions of
 * themselves: this dev server does what those plugins do (plugins.ts), so only their names and options
 * matter; any other import is required from the project's node_modules.
 */
import { z } from 'zod';
import { isFile, joinPath, type ViteHost } from './host';
import { pluginsFor, type FrameworkPlugin } from './plugins';

const CONFIG_FILES = ['vite.config.js', 'vite.config.mjs', 'vite.config.ts', 'vite.config.mts', 'vite.config.cjs', 'vite.config.cts'];

/** What this server takes from a user config; everything else in it is ignored. */
const userConfigSchema = z
  .object({
    base: z.string().optional(),
    publicDir: z.union([z.string(), z.literal(false)]).optional(),
    define: z.record(z.string(), z.unknown()).optional(),
    server: z.object({ port: z.number().optional(), strictPort: z.boolean().optional() }).passthrough().optional(),
    preview: z.object({ port: z.number().optional() }).passthrough().optional(),
    build: z.object({ outDir: z.string().optional() }).passthrough().optional(),
    resolve: z
      .object({
        alias: z
          .union([z.record(z.string(), z.string()), z.array(z.object({ find: z.union([z.string(), z.instanceof(RegExp)]), replacement: z.string() }))])
          .optional(),
      })
      .passthrough()
      .optional(),
    plugins: z.array(z.unknown()).optional(),
  })
  .passthrough();

export type UserConfig = z.infer<typeof userConfigSchema>;

export interface ResolvedConfig {
  root: string;
  base: string;
  /** Where the server's URLs live in the page: previews are served under the port's virtual prefix. */
  urlBase: string;
  port: number;
  strictPort: boolean;
  previewPort: number;
  outDir: string;
  publicDir: string | null;
  define: Record<string, string>;
  env: Record<string, string>;
  alias(specifier: string): string;
  plugins: FrameworkPlugin[];
  reactRefresh: boolean;
  jsxImportSource: string;
  moduleExtensions: Set<string>;
  /** Packages the compiled output of the plugins imports. */
  pluginDeps: string[];
  configFile: string | null;
}

/** A plugin factory's stand-in: calling it returns a description the server recognises. */
export interface PluginStub {
  __vitePlugin: string;
  options: unknown;
}

function stubPackage(name: string): unknown {
  const factory = (options?: unknown): PluginStub => ({ __vitePlugin: name, options });
  return new Proxy(Object.assign(factory, { default: factory }), {
    get: (target, key) => (key in target ? target[key as keyof typeof target] : key === '__esModule' ? true : typeof key === 'string' ? factory : undefined),
  });
}

const PLUGIN_PACKAGES = new Set(['@vitejs/plugin-react', '@vitejs/plugin-react-swc', '@vitejs/plugin-vue', '@vitejs/plugin-vue-jsx', '@sveltejs/vite-plugin-svelte', '@preact/preset-vite']);

async function runConfigFile(host: ViteHost, file: string): Promise<UserConfig> {
  const esbuild = await host.esbuild();
  const fileUrl = `file://${file}`;
  const { code } = await esbuild.transform(host.fs.readFileSync(file, 'utf8'), {
    loader: /\.[mc]?ts$/.test(file) ? 'ts' : 'js',
    format: 'cjs',
    define: {
      'import.meta.url': JSON.stringify(fileUrl),
      'import.meta.dirname': JSON.stringify(file.slice(0, file.lastIndexOf('/')) || '/'),
      'import.meta.filename': JSON.stringify(file),
    },
    logLevel: 'silent',
  });
  const requireFor = (id: string): unknown => {
    if (id === 'vite') return { defineConfig: (config: unknown) => config, loadEnv: () => ({ ...host.env }), mergeConfig: (a: object, b: object) => ({ ...a, ...b }) };
    if (PLUGIN_PACKAGES.has(id)) return stubPackage(id);
    try {
      return host.require(id);
    } catch {
      return stubPackage(id);
    }
  };
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'module', 'exports', '__filename', '__dirname', code)(requireFor, module, module.exports, file, file.slice(0, file.lastIndexOf('/')));
  let config: unknown = module.exports.default ?? module.exports;
  if (typeof config === 'function') config = await (config as (env: object) => unknown)({ command: 'serve', mode: 'development', isSsrBuild: false, isPreview: false });
  return userConfigSchema.parse(await config);
}

function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*)?\s*$/.exec(line);
    if (!match?.[1]) continue;
    out[match[1]] = (match[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

function loadEnv(host: ViteHost, mode: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`]) {
    const path = joinPath(host.root, name);
    if (isFile(host.fs, path)) Object.assign(env, parseEnvFile(host.fs.readFileSync(path, 'utf8')));
  }
  return Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('VITE_')));
}

function aliasFunction(host: ViteHost, alias: NonNullable<NonNullable<UserConfig['resolve']>['alias']> | undefined): (specifier: string) => string {
  const rules = !alias ? [] : Array.isArray(alias) ? alias : Object.entries(alias).map(([find, replacement]) => ({ find, replacement }));
  return (specifier) => {
    for (const { find, replacement } of rules) {
      const target = replacement.startsWith('file://') ? decodeURIComponent(new URL(replacement).pathname) : replacement;
      if (find instanceof RegExp) {
        if (find.test(specifier)) return specifier.replace(find, target);
      } else if (specifier === find || specifier.startsWith(`${find}/`)) {
        return target + specifier.slice(find.length);
      }
    }
    void host;
    return specifier;
  };
}

function flatPlugins(list: unknown[] | undefined): PluginStub[] {
  return (list ?? []).flat(Infinity).filter((item): item is PluginStub => typeof item === 'object' && item !== null && '__vitePlugin' in item);
}

export async function resolveConfig(host: ViteHost, mode: string, port?: number): Promise<ResolvedConfig> {
  const configFile = CONFIG_FILES.map((name) => joinPath(host.root, name)).find((path) => isFile(host.fs, path)) ?? null;
  const user = configFile ? await runConfigFile(host, configFile) : {};
  const stubs = flatPlugins(user.plugins);
  const names = new Set(stubs.map((stub) => stub.__vitePlugin));
  const plugins = pluginsFor(names);
  const devPort = port ?? user.server?.port ?? 5173;
  const define = Object.fromEntries(Object.entries(user.define ?? {}).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
  const publicDir = user.publicDir === false ? null : joinPath(host.root, user.publicDir ?? 'public');
  const preact = names.has('@preact/preset-vite');
  const preactAlias: Record<string, string> = preact ? { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' } : {};
  const userAlias = aliasFunction(host, user.resolve?.alias);
  return {
    root: host.root,
    base: user.base ?? '/',
    urlBase: `/__virtual__/${devPort}/`,
    port: devPort,
    strictPort: user.server?.strictPort ?? false,
    previewPort: user.preview?.port ?? 4173,
    outDir: joinPath(host.root, user.build?.outDir ?? 'dist'),
    publicDir,
    define,
    env: loadEnv(host, mode),
    alias: (specifier) => preactAlias[specifier] ?? userAlias(specifier),
    plugins,
    reactRefresh: names.has('@vitejs/plugin-react') || names.has('@vitejs/plugin-react-swc'),
    jsxImportSource: preact ? 'preact' : 'react',
    moduleExtensions: new Set(plugins.flatMap((plugin) => plugin.extensions)),
    pluginDeps: plugins.flatMap((plugin) => plugin.deps),
    configFile,
  };
}
