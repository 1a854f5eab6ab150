// Copies the browser assets the offline runtime needs into public/vendor, so they are served from the
// app's own origin (no CDN: the IDE must work offline and under COEP require-corp).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
];

for (const [from, target] of assets) {
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(from, target);
}
// The preview service worker must be served from the site root: almostnode registers it with scope "/".
// Our part runs first: it marks document navigations, the only responses that get the preview's scripts.
writeFileSync(
  join(process.cwd(), 'public', '__sw__.js'),
  `${readFileSync(join(process.cwd(), 'lib', 'runtime', 'offline', 'sw', 'mark-navigations.js'), 'utf8')}\n${readFileSync(join(almostnodeDist, '__sw__.js'), 'utf8')}`,
);
console.log(`vendored ${assets.length + 1} assets into public/`);

// The computer-use bridge: one self-contained IIFE that preview pages load from our origin
// (lib/computer-use/bridge/entry.ts; BRIDGE_SCRIPT_PATH in lib/computer-use/types.ts). esbuild-wasm's node
// build is already a dependency (the offline runtime ships it), so no native esbuild is needed.
const { build } = await import('esbuild-wasm');
const bridgeStart = Date.now();
await build({
  entryPoints: [join(process.cwd(), 'lib', 'computer-use', 'bridge', 'entry.ts')],
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
