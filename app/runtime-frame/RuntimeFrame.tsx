'use client';

import { useEffect } from 'react';

let started = false;

/** Starts the offline runtime in this frame once (StrictMode runs effects twice) and serves it to the IDE. */
export function RuntimeFrame() {
  useEffect(() => {
    if (started) return;
    started = true;
    void (async () => {
      const [{ startRuntimeFrame }, { createOfflineRuntime }] = await Promise.all([
        import('@/lib/runtime/isolated/frame-side/serve'),
        import('@/lib/runtime/offline'),
      ]);
      await startRuntimeFrame((ideOrigin) => createOfflineRuntime({ ideOrigin }));
    })();
  }, []);
  return <p>Tabsmith runtime frame.</p>;
}
