'use client';

import { useEffect } from 'react';

const loadModules = () => Promise.all([import('@/lib/runtime/isolated/frame-side/serve'), import('@/lib/runtime/offline')]);

/**
 * Started when this module first runs in the browser, before React has rendered: the runtime's code (megabytes
 * to fetch and parse) and the preview's service worker then load while the page hydrates, not after it. Only
 * inside a frame: opened on its own, the page runs nothing.
 */
const early = typeof window === 'undefined' || window.parent === window ? null : loadModules();
void early?.then(([, offline]) => offline.registerPreviewServiceWorker());

let started = false;

/** Starts the offline runtime in this frame once (StrictMode runs effects twice) and serves it to the IDE. */
export function RuntimeFrame() {
  useEffect(() => {
    if (started) return;
    started = true;
    void (async () => {
      const [{ startRuntimeFrame }, { createOfflineRuntime }] = await (early ?? loadModules());
      await startRuntimeFrame((ideOrigin) => createOfflineRuntime({ ideOrigin }));
    })();
  }, []);
  return <p>Tabsmith runtime frame.</p>;
}
