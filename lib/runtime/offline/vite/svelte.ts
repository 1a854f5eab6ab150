/**
 * Stands in for @sveltejs/vite-plugin-svelte: `.svelte` files compiled with the project's own
 * `svelte/compiler` (client output, CSS injected, and in dev Svelte's own HMR code, which keeps component
 * state across an edit).
 */
import type { FrameworkPlugin } from './plugins';
import { compileScript, TransformError } from './transform';

interface SvelteCompiler {
  compile(source: string, options: Record<string, unknown>): { js: { code: string } };
}

interface SvelteFailure {
  message?: string;
  start?: { line: number; column: number };
  frame?: string;
}

export function sveltePlugin(): FrameworkPlugin {
  return {
    name: 'vite-plugin-svelte',
    extensions: ['.svelte'],
    deps: ['svelte', 'svelte/internal/client', 'svelte/internal/disclose-version', 'svelte/internal/flags/legacy', 'svelte/internal/flags/async'],
    async transform(ctx, source, file) {
      const compiler = ctx.host.require('svelte/compiler') as SvelteCompiler;
      const { dev } = ctx;
      const urlPath = file.slice(ctx.host.root === '/' ? 0 : ctx.host.root.length);
      let code: string;
      try {
        code = compiler.compile(source, { filename: urlPath, generate: 'client', dev, css: 'injected', hmr: dev }).js.code;
      } catch (error) {
        const failure = error as SvelteFailure;
        throw new TransformError(`${urlPath}: ${failure.message ?? String(error)}`, urlPath, failure.start?.line, failure.start ? failure.start.column + 1 : undefined, failure.frame, 'vite-plugin-svelte');
      }
      return dev ? compileScript(ctx, code, file, 'js') : code;
    },
  };
}
