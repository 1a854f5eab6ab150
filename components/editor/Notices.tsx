'use client';

import { useEffect, useState } from 'react';
import type { WorkspaceStore } from '@/lib/workspace';
import { baseName } from '../../lib/editor/model';
import styles from './editor.module.css';

/** The file changed on disk while the tab had unsaved edits: the user decides, nothing is resolved silently. */
export function ConflictBanner({ path, onResolve }: { path: string; onResolve(choice: 'keep-mine' | 'take-theirs'): void }) {
  return (
    <div role="alert" className={styles.conflict}>
      <p>{baseName(path)} changed on disk while you had unsaved edits</p>
      <button type="button" className={styles.button} onClick={() => onResolve('keep-mine')}>
        Keep my version
      </button>
      <button type="button" className={styles.button} onClick={() => onResolve('take-theirs')}>
        Use the version on disk
      </button>
    </div>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Binary files are not shown as text: a notice with the size instead of a screen of mojibake. */
export function BinaryNotice({ store, path }: { store: WorkspaceStore; path: string }) {
  const [size, setSize] = useState<{ path: string; bytes: number } | null>(null);
  useEffect(() => {
    let live = true;
    store.readFile(path).then(
      (bytes) => live && setSize({ path, bytes: bytes.byteLength }),
      () => undefined, // the notice still reads fine without a size
    );
    return () => {
      live = false;
    };
  }, [store, path]);
  const known = size?.path === path ? ` (${formatSize(size.bytes)})` : '';
  return (
    <p role="note" className={styles.notice}>
      {baseName(path)} is a binary file{known} and cannot be shown as text
    </p>
  );
}
