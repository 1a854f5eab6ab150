/**
 * The dev server's host inside the offline runtime: the runtime's VirtualFS, the app's own esbuild-wasm
 * (never a CDN), Node's `require` of the process running `vite`, and almostnode's http module, whose
 * servers the preview reaches through the service worker.
 */
import type { VirtualFS } from 'almostnode';
import { ensureEsbuild } from '../esbuild';
import type { EsbuildApi, ViteFs, ViteHost } from './host';

const ESBUILD_MODULE = '/vendor/esbuild-wasm/browser.min.js';

async function esbuildModule(): Promise<EsbuildApi> {
  await ensureEsbuild();
  // The same module instance ensureEsbuild initialised; taken unwrapped, so no other plugin sees CSS first.
  const url = new URL(ESBUILD_MODULE, window.location.origin).href;
  return (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ url)) as EsbuildApi;
}

export interface RuntimeHostOptions {
  vfs: VirtualFS;
  cwd: string;
  env: Record<string, string | undefined>;
  require(id: string): unknown;
  write(text: string): void;
}

export function runtimeHost(options: RuntimeHostOptions): ViteHost {
  const http = () => options.require('http') as { createServer: ViteHost['createServer'] };
  return {
    root: options.cwd,
    fs: options.vfs as unknown as ViteFs,
    esbuild: esbuildModule,
    require: options.require,
    createServer: (handler) => http().createServer(handler),
    write: options.write,
    env: options.env,
  };
}
