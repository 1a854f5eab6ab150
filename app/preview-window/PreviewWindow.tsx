'use client';

import { useEffect, useRef, useState } from 'react';
import { listenForPreviewPopups } from '@/lib/preview/preview-popups';
import { PREVIEW_SANDBOX, previewWindowSource } from '@/lib/preview/preview-window';

export function PreviewWindow() {
  const [src] = useState(() => (typeof window === 'undefined' ? null : previewWindowSource(window.location.search)));
  const frame = useRef<HTMLIFrameElement>(null);
  // Its own pages the preview opens in new windows open in preview windows too.
  useEffect(() => listenForPreviewPopups(() => frame.current), []);
  if (!src) return <p style={{ padding: 16 }}>This page shows a Tabsmith preview; open it from the preview&apos;s “Open in new tab” button.</p>;
  return (
    <iframe
      ref={frame}
      title="Preview"
      src={src}
      sandbox={PREVIEW_SANDBOX}
      allow="cross-origin-isolated"
      style={{ position: 'fixed', inset: 0, width: '100%', height: '100%', border: 0 }}
    />
  );
}
