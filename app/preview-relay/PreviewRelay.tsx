'use client';

import { useEffect } from 'react';

let started = false;

/** Starts the relay once (StrictMode runs effects twice). */
export function PreviewRelay() {
  useEffect(() => {
    if (started) return;
    started = true;
    void import('@/lib/preview/relay/relay-page').then(({ startPreviewRelay }) => startPreviewRelay());
  }, []);
  return <p>Tabsmith preview relay.</p>;
}
