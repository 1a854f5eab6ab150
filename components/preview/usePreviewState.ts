'use client';

import { useEffect, useReducer } from 'react';
import { initialPreviewState, previewReducer } from '@/lib/preview/preview-model';
import type { Runtime } from '@/lib/runtime/port';

export type PreviewController = ReturnType<typeof usePreviewState>;

/** Feeds the runtime's port, server-ready, preview-error, preview-clear and preview-stuck events into the preview model. */
export function usePreviewState(runtime: Runtime) {
  const [state, dispatch] = useReducer(previewReducer, initialPreviewState);

  useEffect(() => {
    const unsubscribers = [
      runtime.onPort((event) => dispatch({ type: 'port', event })),
      runtime.onServerReady((port, url) => dispatch({ type: 'server-ready', port, url })),
      runtime.onPreviewError((error) => dispatch({ type: 'error', error })),
      runtime.onPreviewClear?.((clear) => dispatch({ type: 'clear', clear })) ?? (() => {}),
      // A preview stuck in a loop is loaded again in a fresh frame, on a fresh site (and browser process).
      runtime.onPreviewStuck?.((moved) => dispatch({ type: 'moved', moved, at: Date.now() })) ?? (() => {}),
    ];
    return () => unsubscribers.forEach((off) => off());
  }, [runtime]);

  return [state, dispatch] as const;
}
