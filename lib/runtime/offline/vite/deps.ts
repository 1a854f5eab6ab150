/**
 * Dependency pre-bundling, as Vite's optimizer does it: every package the app imports is bundled from
 * node_modules into ES modules in one esbuild run with code splitting, so packages share one copy of what
 * they have in common (react-dom/client and react use the same React). CommonJS packages get named exports
 * from the names their module object has when Node's loader runs them.
 */
import { z } from 'zod';
import { createDebug, timed, type DebugLog } from './debug';
import { dirnameOf, isFile, joinPath, type ViteHost } from './host';
import { resolveBrowser } from './resolve-browser';
import { vfsPlugin } from './vfs-plugin';

/** Vue's esm-bundler build asks for these compile-time flags; Vite's Vue plugin sets them the same way. */
export const VUE_FLAGS = { __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' };

const CACHE_FILE = 'node_modules/.vite/deps/_bundle.json';
const cacheSchema = z.object({ key: z.string(), files: z.record(z.string(), z.string()) });

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function entryNameOf(specifier: string): string {
  return specifier.replace(/^@/, '').replace(/[/.]/g, '_');
}

function looksLikeEsm(source: string): boolean {
  return /(^|[;\n])\s*(import\s*[\w{*"']|export\s+(\*|\{|default|const|let|var|function|class|async))/.test(source);
}

export class DepOptimizer {
  private files = new Map<string, string>();
  private specifiers = new Set<string>();
  version = 0;
  private running: Promise<void> = Promise.resolve();
  private readonly debug: DebugLog | null;

  constructor(private readonly host: ViteHost) {
    this.debug = createDebug(host, 'vite:deps');
  }

  has(specifier: string): boolean {
    return this.specifiers.has(specifier);
  }

  file(name: string): string | undefined {
    return this.files.get(name);
  }

  url(specifier: string, base: string): string {
    return `${base}@deps/${entryNameOf(specifier)}.js?v=${this.version}`;
  }

  /** Bundles the known dependencies plus `more`; resolves when the new bundle is in place. */
  optimize(more: Iterable<string>): Promise<void> {
    const next = new Set([...this.specifiers, ...more]);
    this.running = this.running.then(() => this.run(next));
    return this.running;
  }

  private entrySource(specifier: string): string {
    const { fs, root } = this.host;
    const path = resolveBrowser(fs, specifier, root);
    if (!path) throw new Error(`Failed to resolve dependency: ${specifier}, present in client code. Is it installed?`);
    const quoted = JSON.stringify(specifier);
    if (path.endsWith('.mjs') || looksLikeEsm(fs.readFileSync(path, 'utf8'))) {
      return `export * from ${quoted};\nimport * as __m from ${quoted};\nexport default __m.default;\n`;
    }
    let names: string[] = [];
    try {
      const value = this.host.require(specifier);
      if (value && (typeof value === 'object' || typeof value === 'function')) names = Object.keys(value);
    } catch {
      // a package that cannot run in Node still bundles; it only has a default export then
    }
    const named = names.filter((name) => IDENTIFIER.test(name) && name !== 'default' && name !== '__esModule');
    return `import * as __m from ${quoted};\nconst __d = __m.default ?? __m;\nexport default __d;\n${
      named.length ? `export const { ${named.join(', ')} } = __d;\n` : ''
    }`;
  }

  /** The bundle depends on which packages are bundled and on the installed tree (the lock file). */
  private cacheKey(entries: string[]): string {
    const lock = joinPath(this.host.root, 'package-lock.json');
    const text = isFile(this.host.fs, lock) ? this.host.fs.readFileSync(lock, 'utf8') : '';
    let hash = 5381;
    for (let i = 0; i < text.length; i += 1) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
    return JSON.stringify({ entries: [...entries].sort(), lock: hash.toString(16) });
  }

  /** A bundle made by an earlier start with the same packages and tree, kept in node_modules/.vite as Vite does. */
  private readCache(key: string): Map<string, string> | null {
    const file = joinPath(this.host.root, CACHE_FILE);
    if (!isFile(this.host.fs, file)) return null;
    try {
      const cached = cacheSchema.parse(JSON.parse(this.host.fs.readFileSync(file, 'utf8')));
      return cached.key === key ? new Map(Object.entries(cached.files)) : null;
    } catch {
      return null;
    }
  }

  private writeCache(key: string, files: Map<string, string>): void {
    try {
      this.host.fs.mkdirSync(dirnameOf(joinPath(this.host.root, CACHE_FILE)), { recursive: true });
      this.host.fs.writeFileSync(joinPath(this.host.root, CACHE_FILE), JSON.stringify({ key, files: Object.fromEntries(files) }));
    } catch {
      // a cache that cannot be written only costs the next start a bundle
    }
  }

  private async run(specifiers: Set<string>): Promise<void> {
    if (specifiers.size === 0) return;
    const key = this.cacheKey([...specifiers]);
    const cached = await timed(this.debug, 'cache read', () => this.readCache(key));
    if (cached) {
      this.files = cached;
      this.specifiers = specifiers;
      this.version += 1;
      return;
    }
    // esbuild starts loading (in its worker) while this thread reads the entries.
    const loading = this.host.esbuild();
    loading.catch(() => undefined); // awaited below; an entry that fails first must not leave it unhandled
    const entries = [...specifiers];
    const sources = await timed(this.debug, `entries of ${entries.join(', ')} read`, () => new Map(entries.map((specifier) => [specifier, this.entrySource(specifier)])));
    const esbuild = await timed(this.debug, 'esbuild ready', () => loading);
    const result = await timed(this.debug, 'bundled', () => esbuild.build({
      entryPoints: Object.fromEntries(entries.map((specifier) => [entryNameOf(specifier), `dep-entry:${specifier}`])),
      bundle: true,
      splitting: true,
      format: 'esm',
      write: false,
      outdir: '/@deps',
      platform: 'browser',
      target: 'es2020',
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"development"', global: 'globalThis', ...VUE_FLAGS },
      plugins: [
        {
          name: 'tabsmith-dep-entries',
          setup: (build) => {
            build.onResolve({ filter: /^dep-entry:/ }, (args) => ({ path: args.path.slice('dep-entry:'.length), namespace: 'dep-entry' }));
            build.onLoad({ filter: /.*/, namespace: 'dep-entry' }, (args) => ({ contents: sources.get(args.path), loader: 'js', resolveDir: this.host.root }));
          },
        },
        vfsPlugin({ fs: this.host.fs, assetLoader: 'dataurl' }),
      ],
    }));
    const files = new Map<string, string>();
    for (const file of result.outputFiles ?? []) files.set(file.path.slice(file.path.lastIndexOf('/') + 1), file.text);
    this.files = files;
    this.specifiers = specifiers;
    this.version += 1;
    await timed(this.debug, 'cache written', () => this.writeCache(key, files));
  }
}
