'use client';

import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { readBootRequest, startBoot } from '@/lib/runtime/early-boot';

/** The IDE is client-only: it boots a runtime in this tab and nothing about it can render on the server. */
const Workbench = dynamic(() => import('./Workbench'), {
  ssr: false,
  loading: () => <p style={{ padding: 16 }}>Loading Tabsmith…</p>,
});

export function IdeApp() {
  // The runtime starts booting while the workbench's code still loads; the workbench takes over this boot.
  useEffect(() => {
    startBoot(readBootRequest());
  }, []);
  return <Workbench />;
}
