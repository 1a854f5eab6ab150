// Copies the browser assets the offline runtime needs into public/vendor, so they are served from the
// app's own origin (no CDN: the IDE must work offline and under COEP require-corp).
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const out = join(process.cwd(), 'public', 'vendor');
const esbuildDir = dirname(require.resolve('esbuild-wasm/package.json'));
// almostnode's exports map hides package.json, so find its dist folder from the main entry.
const almostnodeDist = dirname(require.resolve('almostnode'));

const assets = [
  [join(esbuildDir, 'esbuild.wasm'), join(out, 'esbuild-wasm/esbuild.wasm')],
  [join(esbuildDir, 'esm', 'browser.min.js'), join(out, 'esbuild-wasm/browser.min.js')],
  // The preview service worker must be served from the site root: almostnode registers it with scope "/".
  [join(almostnodeDist, '__sw__.js'), join(process.cwd(), 'public', '__sw__.js')],
];

for (const [from, target] of assets) {
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(from, target);
}
console.log(`vendored ${assets.length} assets into public/`);
