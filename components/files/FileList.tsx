'use client';

import { useEffect, useState } from 'react';
import { useRuntime } from '@/components/runtime/RuntimeContext';
import type { DirEntry } from '@/lib/runtime/port';
import styles from './files.module.css';

/** Folders the listing never shows: installs and VCS data are not workspace files. */
const HIDDEN = new Set(['node_modules', '.git']);

/**
 * The workspace's top level, kept current by the runtime's file watcher (a shell `echo > f` shows up).
 * The full tree with editing arrives with the workspace issue.
 */
export function FileList() {
  const runtime = useRuntime();
  const [entries, setEntries] = useState<DirEntry[]>([]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const refresh = () => {
      runtime.fs.readdir('/').then(
        (list) => {
          if (cancelled) return;
          const visible = list.filter((e) => !HIDDEN.has(e.name));
          visible.sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1));
          setEntries(visible);
        },
        () => undefined,
      );
    };
    refresh();
    // Watch events come in bursts (npm install); refresh at most every 150 ms.
    const stop = runtime.fs.watch('/', () => {
      clearTimeout(timer);
      timer = setTimeout(refresh, 150);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop();
    };
  }, [runtime]);

  if (entries.length === 0) return <p className={styles.empty}>The workspace is empty.</p>;
  return (
    <ul aria-label="Workspace files" className={styles.list}>
      {entries.map((e) => (
        <li key={e.name} className={e.type === 'directory' ? styles.dir : styles.file}>
          {e.type === 'directory' ? '▸ ' : ''}
          {e.name}
        </li>
      ))}
    </ul>
  );
}
