// Writes the browser assets served from the app's own origin (no CDN: the IDE must work offline and under COEP
// require-corp): the preview service worker, the computer-use bridge script, and the source-locations plugin that
// WebContainer's Node loads.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
// almostnode's exports map hides package.json, so find its dist folder from the main entry.
const almostnodeDist = dirname(require.resolve('almostnode'));

// The preview service worker must be served from the site root: almostnode registers it with scope "/".
// Our part runs first: it marks document navigations, the only responses that get the preview's scripts.
writeFileSync(
  join(process.cwd(), 'public', '__sw__.js'),
  `${readFileSync(join(process.cwd(), 'lib', 'runtime-frame', 'offline', 'sw', 'mark-navigations.js'), 'utf8')}\n${readFileSync(join(almostnodeDist, '__sw__.js'), 'utf8')}`,
);
console.log('wrote public/__sw__.js');

// The computer-use bridge: one self-contained IIFE that preview pages load from our origin
// (lib/preview-page/entry.ts; BRIDGE_SCRIPT_PATH in lib/preview-page/loader.ts), built with esbuild-wasm's
// Node API, which needs no native binary for this machine's platform.
const { build } = await import('esbuild-wasm');
const bridgeStart = Date.now();
await build({
  entryPoints: [join(process.cwd(), 'lib', 'preview-page', 'entry.ts')],
  outfile: join(process.cwd(), 'public', 'preview-bridge.js'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  // zod's namespace of ~40 error-message locales (260 KB) is never used: messages stay English.
  plugins: [
    {
      name: 'no-zod-locales',
      setup(b) {
        b.onResolve({ filter: /\/locales\/index\.js$/ }, () => ({ path: 'zod-locales', namespace: 'stub' }));
        b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export {}', loader: 'js' }));
      },
    },
  ],
});
console.log(`bundled public/preview-bridge.js in ${Date.now() - bridgeStart} ms`);

// The source-locations plugin as one ES module for a real Node (WebContainer's): the IDE writes it into the
// container, and the loader hook of lib/dev-server-plugin/node-options.ts imports it when Vite loads its config.
// Babel's parser and magic-string go in with it; the project's own Vue and Svelte compilers are loaded from the
// project.
const pluginStart = Date.now();
await build({
  entryPoints: [join(process.cwd(), 'lib', 'dev-server-plugin', 'node-entry.ts')],
  outfile: join(process.cwd(), 'public', 'source-locations-plugin.mjs'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node18',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  alias: { '@': process.cwd() },
});
console.log(`bundled public/source-locations-plugin.mjs in ${Date.now() - pluginStart} ms`);
