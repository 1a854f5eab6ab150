'use client';

import { useEffect, useState } from 'react';
import type { WorkspaceStore } from '@/lib/workspace';
import { QuickOpenDialog } from './QuickOpenDialog';

/** Ctrl/Cmd+P: find a file by fuzzy name. Renders nothing until the shortcut is pressed. */
export function QuickOpen({ store }: { store: WorkspaceStore }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'p') return;
      event.preventDefault(); // not the browser's print dialog
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  return open ? <QuickOpenDialog store={store} onClose={() => setOpen(false)} /> : null;
}
