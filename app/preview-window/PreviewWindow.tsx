'use client';

import { useState } from 'react';
import { PREVIEW_SANDBOX, previewWindowSource } from '@/lib/preview/preview-window';

export function PreviewWindow() {
  const [src] = useState(() => (typeof window === 'undefined' ? null : previewWindowSource(window.location.search)));
  if (!src) return <p style={{ padding: 16 }}>This page shows a Tabsmith preview; open it from the preview&apos;s “Open in new tab” button.</p>;
  return (
    <iframe
      title="Preview"
      src={src}
      sandbox={PREVIEW_SANDBOX}
      allow="cross-origin-isolated"
      style={{ position: 'fixed', inset: 0, width: '100%', height: '100%', border: 0 }}
    />
  );
}
