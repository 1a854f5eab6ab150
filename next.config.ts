import type { NextConfig } from 'next';
import { CROSS_ORIGIN_ISOLATION_HEADERS, ISOLATED_PATHS_SOURCE, STATIC_SECURITY_HEADERS } from './lib/server/security-headers';
import { PROXY_BODY_LIMIT_BYTES } from './lib/server/proxy-body-limit';

/**
 * Every response is cross-origin isolated (WebContainer needs SharedArrayBuffer, and so do the offline
 * runtime's workers), except WebContainer's connect page, which must keep its opener (see
 * WEBCONTAINER_CONNECT_PATH), and carries the site-independent security headers. The per-site ones (CSP, and CORP on
 * the runtime site) come from proxy.ts. Sub-resources of the IDE's own origin pass `require-corp` as-is, so no
 * blanket CORP header there: the registry proxy sets its own (`cross-origin`).
 */

const nextConfig: NextConfig = {
  // Separate build folders let several servers (tests, benches, developers) build side by side.
  distDir: process.env.TABSMITH_DIST_DIR || '.next',
  // `npm test` runs `tsc --noEmit` as its own first step; checking types again inside `next build` only costs time.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  experimental: {
    // CI builds once in a fresh clone: Turbopack's build cache, which takes it over 10 s to write, is never read there.
    turbopackFileSystemCacheForBuild: !process.env.CI,
    // Above every route's own body limit, so the routes' 413s are the limits that hold (see the module).
    proxyClientMaxBodySize: PROXY_BODY_LIMIT_BYTES,
  },
  // `next dev` only serves its dev resources to localhost unless told otherwise (the runtime site is *.localhost).
  allowedDevOrigins: ['127.0.0.1', '*.localhost'],
  async headers() {
    return [
      { source: '/:path*', headers: [...STATIC_SECURITY_HEADERS] },
      { source: ISOLATED_PATHS_SOURCE, headers: [...CROSS_ORIGIN_ISOLATION_HEADERS] },
      // WebContainer previews live on another origin under COEP require-corp: they may load the bridge script.
      { source: '/preview-bridge.js', headers: [{ key: 'Cross-Origin-Resource-Policy', value: 'cross-origin' }] },
    ];
  },
  turbopack: {
    resolveAlias: {
      // almostnode's bundled just-bash imports node:zlib in its browser build; pako stands in.
      'node:zlib': { browser: './lib/runtime-frame/offline/shims/zlib.ts' },
      // One Buffer class in the runtime frame: Node's streams port (readable-stream) checks `instanceof Buffer`
      // against its `require('buffer')`, which must be the buffer package the runtime's `buffer` module is built
      // on, not the bundler's own copy (a file's contents given to `Readable.from` were otherwise iterated byte
      // by byte, and a static server wrote numbers into its responses).
      buffer: { browser: './node_modules/buffer/index.js' },
      // almostnode's own child_process interpreter, which Tabsmith never uses (see the shim); the runtime's shell
      // imports the real one as 'just-bash/browser'.
      'just-bash': './lib/runtime-frame/offline/shims/just-bash.ts',
      // just-bash's optional native zstd binding (not installed, and never usable in a browser).
      '@mongodb-js/zstd': './lib/runtime-frame/offline/shims/zstd.ts',
      // almostnode's unused WorkerRuntime points at a worker file by absolute URL; see the shim.
      '/assets/runtime-worker-D6Dmsis4.js': './lib/runtime-frame/offline/shims/unused-worker.ts',
    },
  },
};

export default nextConfig;
