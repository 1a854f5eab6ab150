'use client';

import { useEffect } from 'react';

const loadModules = () => Promise.all([import('@/lib/runtime-frame/serve/serve'), import('@/lib/runtime-frame/offline')]);

/**
 * Started when this module first runs in the browser, before React has rendered: the runtime's code (megabytes
 * to fetch and parse) loads while the page hydrates, not after it. Only inside a frame: opened on its own, the
 * page runs nothing. Loading is not running: nothing boots before the checks below.
 */
const early = typeof window === 'undefined' || window.parent === window ? null : loadModules();

/** What the server decided about this page's ticket (see lib/server/runtime-ticket.ts). */
export type FrameAdmission = { ok: true; ideOrigin: string } | { ok: false; reason: string; ideOrigins: string[] };

let started = false;

/**
 * Starts the offline runtime in this frame once (StrictMode runs effects twice) and serves it to the IDE it was
 * admitted for; a page the server did not admit says why and boots nothing.
 */
export function RuntimeFrame({ admission }: { admission: FrameAdmission }) {
  useEffect(() => {
    if (started) return;
    started = true;
    void (async () => {
      const [serve, offline] = await (early ?? loadModules());
      if (!admission.ok) {
        serve.refuseToServe(window, `this address was not issued to an IDE: ${admission.reason}. Reload the IDE to get a new one.`, admission.ideOrigins);
        return;
      }
      const { ideOrigin } = admission;
      if (serve.embeddingRefusal(window, ideOrigin) === null) offline.registerPreviewServiceWorker();
      await serve.startRuntimeFrame(ideOrigin, (origin) => offline.createOfflineRuntime({ ideOrigin: origin }));
    })();
  }, [admission]);
  return <p>Tabsmith runtime frame.</p>;
}
