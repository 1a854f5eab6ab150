import type { NextConfig } from 'next';

/**
 * Every response is cross-origin isolated: WebContainer needs SharedArrayBuffer, and so do
 * the offline runtime's workers. Sub-resources of our own origin pass `require-corp` as-is.
 */
const isolationHeaders = [
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Cross-Origin-Embedder-Policy', value: 'require-corp' },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
];

const nextConfig: NextConfig = {
  // Separate build folders let several servers (tests, benches, developers) build side by side.
  distDir: process.env.TABSMITH_DIST_DIR || '.next',
  async headers() {
    return [{ source: '/:path*', headers: isolationHeaders }];
  },
  turbopack: {
    resolveAlias: {
      // almostnode's bundled just-bash imports node:zlib in its browser build; pako stands in.
      'node:zlib': { browser: './lib/runtime/offline/zlib-shim.ts' },
    },
  },
};

export default nextConfig;
