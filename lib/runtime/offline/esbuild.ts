/**
 * almostnode transforms ESM packages to CommonJS after `npm install` with esbuild-wasm, which it would import
 * from public CDNs. It first looks for an initialised instance on `window.__esbuild`, so the adapter loads
 * the copy that scripts/vendor-assets.mjs puts in public/vendor and hands it over.
 */
const ESBUILD_MODULE = '/vendor/esbuild-wasm/browser.min.js';
const ESBUILD_WASM = '/vendor/esbuild-wasm/esbuild.wasm';

interface EsbuildModule {
  initialize(options: { wasmURL: string; worker?: boolean }): Promise<void>;
}

interface EsbuildWindow {
  __esbuild?: unknown;
  __esbuildInitPromise?: Promise<void>;
}

export function ensureEsbuild(): Promise<void> {
  const target = window as unknown as EsbuildWindow;
  if (target.__esbuild) return Promise.resolve();
  if (target.__esbuildInitPromise) return target.__esbuildInitPromise;
  const url = new URL(ESBUILD_MODULE, window.location.origin).href;
  target.__esbuildInitPromise = (async () => {
    const esbuild = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ url)) as EsbuildModule;
    await esbuild.initialize({ wasmURL: new URL(ESBUILD_WASM, window.location.origin).href });
    target.__esbuild = esbuild;
  })().catch((error: unknown) => {
    target.__esbuildInitPromise = undefined;
    throw new Error(`Could not load esbuild-wasm from ${ESBUILD_MODULE} (run \`npm run vendor\`): ${String(error)}`);
  });
  return target.__esbuildInitPromise;
}
