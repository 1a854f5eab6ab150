'use client';

import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import type { LastScreenshot, LogEntry, SessionInfo, SessionManager } from '@/lib/computer-use/session';

interface ComputerUseView {
  sessions: SessionInfo[];
  /** The session the panel shows: the one picked in the list, else the newest. */
  current: SessionInfo | undefined;
  /** The current session's log, without screenshots (the live one is `last`). */
  log: LogEntry[];
  last: LastScreenshot | undefined;
  select: (id: string) => void;
}

/**
 * The manager as React state: every change of any session bumps a version, and the views are read from the
 * manager again (it hands out copies, so nothing it holds is ever mutated by the panel).
 */
export function useComputerUse(manager: SessionManager): ComputerUseView {
  const version = useSyncExternalStore(
    useCallback((onChange: () => void) => subscribeVersion(manager, onChange), [manager]),
    () => versionOf(manager),
    () => 0,
  );
  const [selected, setSelected] = useState<string | null>(null);

  return useMemo(() => {
    void version;
    const sessions = manager.list();
    const current = sessions.find((s) => s.id === selected) ?? sessions.at(-1);
    return {
      sessions,
      current,
      log: current ? manager.log(current.id, { images: false }) : [],
      last: current ? manager.lastScreenshot(current.id) : undefined,
      select: setSelected,
    };
  }, [manager, selected, version]);
}

const versions = new WeakMap<SessionManager, { value: number; listeners: Set<() => void>; unsubscribe?: () => void }>();

function entryFor(manager: SessionManager) {
  let entry = versions.get(manager);
  if (!entry) {
    entry = { value: 0, listeners: new Set() };
    versions.set(manager, entry);
  }
  return entry;
}

function versionOf(manager: SessionManager): number {
  return entryFor(manager).value;
}

/** One manager subscription shared by every component that shows it. */
function subscribeVersion(manager: SessionManager, onChange: () => void): () => void {
  const entry = entryFor(manager);
  entry.listeners.add(onChange);
  entry.unsubscribe ??= manager.subscribe(() => {
    entry.value++;
    entry.listeners.forEach((listener) => listener());
  });
  return () => {
    entry.listeners.delete(onChange);
    if (entry.listeners.size === 0) {
      entry.unsubscribe?.();
      entry.unsubscribe = undefined;
    }
  };
}
