/**
 * Turns one request of the dev server into a browser module, as Vite does on demand: TS/JSX compiled by
 * esbuild, imports rewritten to URLs (packages to the pre-bundle, files to their paths with the time of
 * their last update), CSS as a module that injects a style tag, assets as their URL, JSON as a default
 * export, `?raw`/`?url` imports, and `import.meta.env`. Framework files (.vue, .svelte) go through plugins.
 */
import type { ResolvedConfig } from './config';
import { cssModule, isCssPath } from './css';
import type { DepOptimizer } from './deps';
import { dirnameOf, extOf, isFile, joinPath, urlPathOf, type ViteHost } from './host';
import { analyzeModule, isBareSpecifier, rewriteImports } from './imports';
import type { ModuleGraph } from './module-graph';
import { addRefresh } from './refresh';
import { resolveBrowser } from './resolve-browser';

export const JS_EXTENSIONS = new Set(['.js', '.mjs', '.jsx', '.ts', '.mts', '.tsx']);

export interface TransformContext {
  /** Serving (with HMR) rather than building. */
  dev: boolean;
  host: ViteHost;
  config: ResolvedConfig;
  deps: DepOptimizer;
  graph: ModuleGraph;
  /** Packages first imported after the pre-bundle was made, so the server can bundle them again. */
  missingDeps: Set<string>;
}

export interface TransformResult {
  code: string;
  /** Project files this module imports (URL paths), for the module graph. */
  imported: string[];
}

/** A compile error with the place it points at, for the overlay. */
export class TransformError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
    readonly frame?: string,
    readonly plugin = 'vite:esbuild',
  ) {
    super(message);
  }
}

function queryFlags(query: string): Set<string> {
  return new Set(query.split('&').filter(Boolean).map((part) => part.split('=')[0] as string));
}

export function envObject(config: ResolvedConfig, mode: string): Record<string, string | boolean> {
  return { BASE_URL: config.base, MODE: mode, DEV: mode !== 'production', PROD: mode === 'production', SSR: false, ...config.env };
}

function loaderFor(ext: string): 'js' | 'jsx' | 'ts' | 'tsx' {
  if (ext === '.jsx') return 'jsx';
  if (ext === '.tsx') return 'tsx';
  if (ext === '.ts' || ext === '.mts') return 'ts';
  return 'js';
}

type EsbuildFailure = { errors?: { text: string; location?: { line: number; column: number; lineText: string } | null }[] };

function asTransformError(error: unknown, file: string): TransformError {
  const first = (error as EsbuildFailure).errors?.[0];
  if (!first) return new TransformError(error instanceof Error ? error.message : String(error), file);
  const location = first.location;
  const frame = location ? `${location.line} | ${location.lineText}\n${' '.repeat(String(location.line).length + 3 + location.column)}^` : undefined;
  return new TransformError(`${file}: ${first.text}`, file, location?.line, location ? location.column + 1 : undefined, frame);
}

/** Compiles TS/JSX (or plain JS with `import.meta.env`) with esbuild. */
export async function compileScript(ctx: TransformContext, source: string, file: string, loader: 'js' | 'jsx' | 'ts' | 'tsx'): Promise<string> {
  const esbuild = await ctx.host.esbuild();
  try {
    const result = await esbuild.transform(source, {
      loader,
      format: 'esm',
      target: 'es2020',
      sourcefile: file,
      sourcemap: 'inline',
      jsx: 'automatic',
      jsxDev: true,
      jsxImportSource: ctx.config.jsxImportSource,
      define: { 'import.meta.env': JSON.stringify(envObject(ctx.config, 'development')), ...ctx.config.define },
      tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, verbatimModuleSyntax: false } },
    });
    return result.code;
  } catch (error) {
    throw asTransformError(error, file);
  }
}

/** The URL a module's import of `specifier` becomes; records what it imports on the way. */
function importUrl(ctx: TransformContext, specifier: string, fromFile: string, imported: string[]): string | null {
  const { host, config, deps } = ctx;
  const aliased = config.alias(specifier);
  if (/^(https?:|data:)/.test(aliased) || aliased.startsWith(config.urlBase)) return null;
  if (isBareSpecifier(aliased)) {
    if (!deps.has(aliased)) ctx.missingDeps.add(aliased);
    return deps.url(aliased, config.urlBase);
  }
  const [path = '', query = ''] = aliased.split('?');
  const absolute = path.startsWith('/') ? (host.root === '/' || path.startsWith(`${host.root}/`) ? path : joinPath(host.root, path)) : joinPath(dirnameOf(fromFile), path);
  const file = resolveBrowser(host.fs, absolute, '/');
  if (!file) {
    const from = urlPathOf(host.root, fromFile);
    throw new TransformError(`Failed to resolve import "${specifier}" from "${from.slice(1)}". Does the file exist?`, from, undefined, undefined, undefined, 'vite:import-analysis');
  }
  const urlPath = urlPathOf(host.root, file);
  imported.push(urlPath);
  const flags = [query];
  if (!JS_EXTENSIONS.has(extOf(file)) && !ctx.config.moduleExtensions.has(extOf(file)) && !query) flags.push('import');
  const stamp = ctx.graph.lastUpdate(urlPath);
  if (stamp) flags.push(`t=${stamp}`);
  const search = flags.filter(Boolean).join('&');
  return `${config.urlBase}${urlPath.slice(1)}${search ? `?${search}` : ''}`;
}

/** Rewrites a compiled module's imports and adds the hot-context and Fast Refresh code it needs. */
export function finishModule(ctx: TransformContext, code: string, file: string, options: { refresh: boolean }): TransformResult {
  const urlPath = urlPathOf(ctx.host.root, file);
  const info = analyzeModule(code);
  const imported: string[] = [];
  let out = rewriteImports(code, info.imports, (site) => importUrl(ctx, site.specifier, file, imported));
  if (options.refresh) out = addRefresh(out, urlPath, info.components, ctx.config.urlBase);
  if (info.usesHot || (options.refresh && info.components.length > 0)) {
    out = `import { createHotContext as __vite__createHotContext } from "${ctx.config.urlBase}@vite/client";\nimport.meta.hot = __vite__createHotContext(${JSON.stringify(urlPath)});\n${out}`;
  }
  return { code: out, imported };
}

function assetModule(ctx: TransformContext, urlPath: string): string {
  return `export default ${JSON.stringify(`${ctx.config.urlBase}${urlPath.slice(1)}`)};\n`;
}

/** The module for a request of a project file, or null when the file is served as it is. */
export async function transformRequest(ctx: TransformContext, urlPath: string, query: string): Promise<TransformResult | null> {
  const { host } = ctx;
  const file = joinPath(host.root, urlPath.startsWith('/@fs/') ? urlPath.slice(4) : urlPath);
  if (!isFile(host.fs, file)) return null;
  const flags = queryFlags(query);
  const ext = extOf(file);
  if (flags.has('raw')) return { code: `export default ${JSON.stringify(host.fs.readFileSync(file, 'utf8'))};\n`, imported: [] };
  if (flags.has('url')) return { code: assetModule(ctx, urlPath), imported: [] };
  const plugin = ctx.config.plugins.find((candidate) => candidate.extensions.includes(ext));
  if (plugin) {
    const compiled = await plugin.transform(ctx, host.fs.readFileSync(file, 'utf8'), file);
    return finishModule(ctx, compiled, file, { refresh: false });
  }
  if (JS_EXTENSIONS.has(ext)) {
    // Files under node_modules are served as they are; the pre-bundle covers packages.
    const source = host.fs.readFileSync(file, 'utf8');
    const code = await compileScript(ctx, source, urlPath, loaderFor(ext));
    const refresh = ctx.config.reactRefresh && !file.includes('/node_modules/');
    return finishModule(ctx, code, file, { refresh });
  }
  // `t` marks a hot update's re-import, which is always a module request.
  if (!flags.has('import') && !flags.has('t')) return null;
  if (isCssPath(file)) return finishModule(ctx, await cssModule(ctx, file, urlPath), file, { refresh: false });
  if (ext === '.json') return { code: `export default ${host.fs.readFileSync(file, 'utf8')};\n`, imported: [] };
  return { code: assetModule(ctx, urlPath), imported: [] };
}
