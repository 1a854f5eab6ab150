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

/** Bundles `entry` (under lib/) into public/`name`, minified, and says how long it took. */
async function bundle(entry, name, options) {
  const started = Date.now();
  await build({
    entryPoints: [join(process.cwd(), 'lib', ...entry)],
    outfile: join(process.cwd(), 'public', name),
    bundle: true,
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    ...options,
  });
  console.log(`bundled public/${name} in ${Date.now() - started} ms`);
}

await bundle(['preview-page', 'entry.ts'], 'preview-bridge.js', {
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
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

// The source-locations plugin as one ES module for a real Node (WebContainer's): the IDE writes it into the
// container, and the loader hook of lib/dev-server-plugin/node-options.ts imports it when Vite loads its config.
// Babel's parser and magic-string go in with it; the project's own Vue and Svelte compilers are loaded from the
// project.
await bundle(['dev-server-plugin', 'node-entry.ts'], 'source-locations-plugin.mjs', {
  format: 'esm',
  platform: 'node',
  target: 'node18',
  alias: { '@': process.cwd() },
});
