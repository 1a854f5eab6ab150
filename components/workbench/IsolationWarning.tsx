'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * WebContainer needs SharedArrayBuffer, which browsers only give to cross-origin isolated pages.
 * If the headers were stripped (a proxy, a static host), say so instead of failing silently.
 */
export function IsolationWarning() {
  const isolated = useSyncExternalStore(
    noSubscription,
    () => globalThis.crossOriginIsolated === true,
    () => true,
  );
  if (isolated) return null;
  return (
    <div role="alert" style={{ padding: '6px 10px', background: 'color-mix(in srgb, var(--danger) 20%, transparent)' }}>
      <strong>This page is not cross-origin isolated</strong>, so the WebContainer runtime cannot start here (it needs SharedArrayBuffer). Serve the app with
      the headers <code>Cross-Origin-Opener-Policy: same-origin</code> and <code>Cross-Origin-Embedder-Policy: require-corp</code> (as{' '}
      <code>./tabsmith start</code> does), or use the offline runtime, which works without them.
    </div>
  );
}
