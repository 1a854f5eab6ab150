'use client';

import dynamic from 'next/dynamic';

/** The IDE is client-only: it boots a runtime in this tab and nothing about it can render on the server. */
const Workbench = dynamic(() => import('./Workbench'), {
  ssr: false,
  loading: () => <p style={{ padding: 16 }}>Loading Tabsmith…</p>,
});

export function IdeApp() {
  return <Workbench />;
}
