'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ExportButton } from '@/components/workspaces/ExportButton';
import { openDatabase, type TabsmithDB } from '@/lib/workspace/db';
import { estimateStorage, formatBytes, nearlyFull, requestPersistence, workspaceUsage, type StorageFigures } from '@/lib/workspace/storage';
import type { WorkspaceStore } from '@/lib/workspace/types';
import styles from './status.module.css';

/** Usage changes with saves: measured once the workspace has been quiet this long. */
const REMEASURE_MS = 2000;

/**
 * The two figures count different things, and the workspace's can be the larger: its files' own sizes, against
 * what the browser's storage for this site takes, which it may keep compressed.
 */
const STORAGE_FIGURES_EXPLAINED =
  "This workspace's files: the sum of their sizes. Browser storage: what the browser reports this site's storage takes (every workspace, conversations, history), which it may keep compressed, so it can be smaller than the files.";

const never = () => () => undefined;
const nothing = () => null;

/**
 * The status bar's storage part: whether the browser granted persistent storage (asked for once a workspace
 * is first opened), this workspace's size and the origin's total against the quota, and from 80 % of the
 * quota a warning with an export, before the browser has to drop anything.
 */
export function StorageStatus({ store }: { store?: WorkspaceStore }) {
  const [figures, setFigures] = useState<StorageFigures>({ persisted: null, usage: null, quota: null });
  const [workspaceBytes, setWorkspaceBytes] = useState<number | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  // Any change of the workspace may change its size: re-measure (throttled) after snapshots move.
  const version = useSyncExternalStore(store?.subscribe ?? never, store?.getSnapshot ?? nothing, nothing);

  useEffect(() => {
    if (!store) return;
    let live = true;
    void requestPersistence().then((persisted) => live && setFigures((current) => ({ ...current, persisted })));
    return () => {
      live = false;
    };
  }, [store]);

  const [db, setDb] = useState<TabsmithDB | null>(null);
  useEffect(() => {
    if (!store) return;
    let opened: TabsmithDB | null = null;
    void openDatabase().then((database) => {
      opened = database;
      setDb(database);
    });
    return () => opened?.close();
  }, [store]);

  const measuredOnce = useRef(false);
  useEffect(() => {
    if (!store) return;
    const id = store.getSnapshot().meta.id;
    // At once the first time, then after each quiet period.
    const timer = setTimeout(
      () => {
        void estimateStorage().then((estimate) => setFigures((current) => ({ ...current, ...estimate })));
        if (!db) return;
        measuredOnce.current = true;
        void workspaceUsage(db, id).then(setWorkspaceBytes, () => undefined);
      },
      measuredOnce.current ? REMEASURE_MS : 0,
    );
    return () => clearTimeout(timer);
    // `version` is what makes it run again: every change restarts the quiet period.
  }, [store, db, version]);

  if (!store) return null;
  const { persisted, usage, quota } = figures;
  const full = nearlyFull(usage, quota);
  const parts = [
    persisted === null ? 'Storage' : persisted ? 'Storage persistent' : 'Storage not persistent (the browser may clear it)',
    workspaceBytes !== null ? `this workspace's files ${formatBytes(workspaceBytes)}` : null,
    usage !== null && quota !== null ? `browser storage ${formatBytes(usage)} of ${formatBytes(quota)}` : null,
  ].filter(Boolean);
  return (
    <span className={styles.storage}>
      <span
        role="status"
        aria-label="Storage status"
        title={`${parts.join(' · ')}\n\n${STORAGE_FIGURES_EXPLAINED}`}
        className={full ? `${styles.figures} ${styles.warning}` : styles.figures}
      >
        {parts.join(' · ')}
      </span>
      {full && usage !== null && quota !== null && (
        <span role="alert" className={styles.warning}>
          Browser storage is {Math.round((usage / quota) * 100)}% full: export your work before the browser has to drop anything.{' '}
          <ExportButton store={store} className={styles.export} onError={setExportError} />
          {exportError && ` ${exportError}`}
        </span>
      )}
    </span>
  );
}
