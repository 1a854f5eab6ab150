/**
 * almostnode uses esbuild-wasm to transform ESM packages after `npm install` and behind `require('esbuild')`,
 * and would import it from public CDNs. It first looks for an instance on `window.__esbuild`, or a promise of
 * one on `window.__esbuildInitPromise`; the adapter offers that promise lazily (the wasm is ~10 MB, loaded
 * only when something asks), from the copy scripts/vendor-assets.mjs puts in public/vendor.
 */
import { cssModuleSource, type EsbuildLike } from './esbuild-css';

const ESBUILD_MODULE = '/vendor/esbuild-wasm/browser.min.js';
const ESBUILD_WASM = '/vendor/esbuild-wasm/esbuild.wasm';

interface EsbuildModule extends EsbuildLike {
  initialize(options: { wasmURL: string; worker?: boolean }): Promise<void>;
}

interface EsbuildWindow {
  __esbuild?: unknown;
  __esbuildInitPromise?: Promise<void>;
}

/** Reads a workspace file as text for the CSS loader, or null when it is missing. */
export type ReadText = (path: string) => string | null;

async function loadEsbuild(readText: ReadText): Promise<void> {
  const url = new URL(ESBUILD_MODULE, window.location.origin).href;
  const esbuild = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ url)) as EsbuildModule;
  await esbuild.initialize({ wasmURL: new URL(ESBUILD_WASM, window.location.origin).href });
  (window as unknown as EsbuildWindow).__esbuild = withCssImports(esbuild, readText);
}

/**
 * Makes `window.__esbuildInitPromise` load our esbuild on first read, so almostnode finds it whenever it
 * needs it (a dev server's `require('esbuild').build`, an install's transform) instead of reaching a CDN.
 */
export function provideEsbuildLazily(readText: ReadText): void {
  const target = window as unknown as EsbuildWindow;
  if (Object.getOwnPropertyDescriptor(target, '__esbuildInitPromise')?.get) return;
  let pending: Promise<void> | undefined;
  Object.defineProperty(target, '__esbuildInitPromise', {
    configurable: true,
    get: () =>
      (pending ??= loadEsbuild(readText).catch((error: unknown) => {
        pending = undefined;
        throw new Error(`Could not load esbuild-wasm from ${ESBUILD_MODULE} (run \`npm run vendor\`): ${String(error)}`);
      })),
    set: (value: Promise<void> | undefined) => {
      pending = value;
    },
  });
}

/** Loads esbuild now (npm install wants it before transforming packages). */
export function ensureEsbuild(): Promise<void> {
  const target = window as unknown as EsbuildWindow;
  if (target.__esbuild) return Promise.resolve();
  return target.__esbuildInitPromise ?? Promise.reject(new Error('esbuild-wasm was not provided to the offline runtime'));
}

/**
 * almostnode's bundling plugin loads every workspace file with the JS/TS loaders, so `import './App.css'`
 * fails to parse. Ahead of it, CSS files load as a module that injects a <style> tag, as Vite does in dev.
 */
function withCssImports(esbuild: EsbuildModule, readText: ReadText): EsbuildModule {
  const cssPlugin = {
    name: 'tabsmith-css-imports',
    setup(build: { onLoad: (options: { filter: RegExp }, callback: (args: CssLoadArgs) => CssLoadResult) => void }) {
      build.onLoad({ filter: /\.css$/ }, (args) => {
        const css = readText(args.pluginData?.realPath ?? args.path);
        return css === null ? undefined : { contents: cssModuleSource(args.path, css), loader: 'js' };
      });
    },
  };
  return {
    ...esbuild,
    build: (options) => esbuild.build({ ...options, plugins: [cssPlugin, ...(options.plugins ?? [])] }),
  };
}

interface CssLoadArgs {
  path: string;
  pluginData?: { realPath?: string };
}
type CssLoadResult = { contents: string; loader: 'js' } | undefined;
