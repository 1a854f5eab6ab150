// Copies the browser assets the offline runtime needs into public/vendor, so they are served from the
// app's own origin (no CDN: the IDE must work offline and under COEP require-corp).
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const out = join(process.cwd(), 'public', 'vendor');
const esbuildDir = dirname(require.resolve('esbuild-wasm/package.json'));

const assets = [
  [join(esbuildDir, 'esbuild.wasm'), 'esbuild-wasm/esbuild.wasm'],
  [join(esbuildDir, 'esm', 'browser.min.js'), 'esbuild-wasm/browser.min.js'],
];

for (const [from, to] of assets) {
  const target = join(out, to);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(from, target);
}
console.log(`vendored ${assets.length} assets into public/vendor`);
