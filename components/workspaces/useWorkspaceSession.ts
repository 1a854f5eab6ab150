'use client';

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { errorMessage } from '@/lib/files/errors';
import { workspaceIdFrom } from '@/lib/ui/workspace-url';
import type { Runtime } from '@/lib/runtime/port';
import { followWriter } from '@/lib/workspace/follow';
import { watchWriter } from '@/lib/workspace/locks';
import { openWorkspace, TAKEN_OVER_MESSAGE, type OpenedWorkspace, type OpenMode } from '@/lib/workspace/open';
import { WorkspaceError, type WorkspaceStore } from '@/lib/workspace/types';
import { getWorkspace, openDatabase, type TabsmithDB } from '@/lib/workspace/workspaces';

type SessionPhase = 'choose' | 'opening' | 'locked' | 'ready' | 'error';

export interface WorkspaceSession {
  /** choose: no `?ws=` (show the launcher) · opening · locked: another tab writes it (show WorkspaceLockDialog) · ready · error. */
  phase: SessionPhase;
  workspaceId: string | null;
  /** Set once the workspace's name is known (for the lock dialog and titles). */
  name: string | null;
  store?: WorkspaceStore;
  /** The workspace has a package.json: run `npm install` (node_modules is never persisted). */
  needsInstall: boolean;
  error?: string;
  /** Why the store is read-only, for ReadOnlyBanner; null while it is writable. */
  readOnlyReason: string | null;
  openReadOnly(): void;
  takeOver(): void;
}

const READ_ONLY_BY_CHOICE = 'You opened it read-only because another tab is editing it.';
const WRITER_GONE_MESSAGE = 'The tab that was editing this workspace has closed: no tab is saving it now. Take it over to edit and save here.';

interface Request {
  mode: OpenMode;
}

interface Session {
  key: string;
  promise: Promise<OpenedWorkspace>;
  releaseTimer?: ReturnType<typeof setTimeout>;
}

type State = { phase: 'opening' } | { phase: 'locked' } | { phase: 'error'; error: string } | { phase: 'ready'; opened: OpenedWorkspace; mode: OpenMode };

const never = () => () => undefined;
const notReadOnly = () => false;

/**
 * The workspace of this page: `?ws=<id>` opened on the booted runtime (write mode first), the second-tab
 * choice, and release on unmount. Switching workspace is a navigation, so the id never changes in a page.
 */
export function useWorkspaceSession(runtime: Runtime | null): WorkspaceSession {
  // The Workbench renders only in the browser (ssr: false); the guard keeps a server render from crashing.
  const [workspaceId] = useState(() => (typeof window === 'undefined' ? null : workspaceIdFrom(window.location.search)));
  const [request, setRequest] = useState<Request>({ mode: 'write' });
  const [state, setState] = useState<State>({ phase: 'opening' });
  const [name, setName] = useState<string | null>(null);
  const db = useRef<Promise<TabsmithDB> | null>(null);
  // One open per request even when StrictMode runs the effect twice: the throwaway cleanup only schedules
  // the release, and the immediate re-run cancels it and reuses the same promise.
  const session = useRef<Session | null>(null);

  useEffect(() => {
    if (!runtime || !workspaceId) return;
    db.current ??= openDatabase();
    const database = db.current;
    const key = `${workspaceId}:${request.mode}`;
    let current = session.current;
    if (current?.key === key) {
      clearTimeout(current.releaseTimer);
    } else {
      // A new request (read-only, take-over) replaces the old one: let go of the old store first.
      const previous =
        current?.promise.then(
          (o) => o.release(),
          () => undefined,
        ) ?? Promise.resolve();
      const promise = previous.then(async () => openWorkspace({ runtime, db: await database, id: workspaceId, mode: request.mode }));
      current = session.current = { key, promise };
    }
    const mine = current;
    let cancelled = false;
    mine.promise.then(
      (opened) => !cancelled && setState({ phase: 'ready', opened, mode: request.mode }),
      (error: unknown) => {
        if (cancelled) return;
        if (error instanceof WorkspaceError && error.code === 'read-only' && request.mode === 'write') setState({ phase: 'locked' });
        else setState({ phase: 'error', error: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
      mine.releaseTimer = setTimeout(() => {
        if (session.current === mine) session.current = null;
        void mine.promise.then(
          (o) => o.release(),
          () => undefined,
        );
      }, 0);
    };
  }, [runtime, workspaceId, request]);

  // The lock dialog names the workspace; a missing workspace is reported by openWorkspace itself.
  useEffect(() => {
    if (!workspaceId) return;
    db.current ??= openDatabase();
    let cancelled = false;
    db.current
      .then((database) => getWorkspace(database, workspaceId))
      .then(
        (meta) => !cancelled && meta && setName(meta.name),
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, [workspaceId]);

  const store = state.phase === 'ready' ? state.opened.store : undefined;
  const readOnly = useSyncExternalStore(store?.subscribe ?? never, () => store?.getSnapshot().readOnly ?? false, notReadOnly);

  // A read-only tab follows the writer's saves live and notices when the writer goes away.
  const [writerPresent, setWriterPresent] = useState(true);
  useEffect(() => {
    if (!store || !readOnly || !workspaceId || !db.current) return;
    let stopFollow: () => void = () => undefined;
    let live = true;
    void db.current.then((database) => {
      if (live) stopFollow = followWriter(database, workspaceId, store);
    });
    const stopWatch = watchWriter(workspaceId, setWriterPresent);
    return () => {
      live = false;
      stopFollow();
      stopWatch();
      setWriterPresent(true);
    };
  }, [store, readOnly, workspaceId]);

  const openReadOnly = useCallback(() => {
    setState({ phase: 'opening' });
    setRequest({ mode: 'read-only' });
  }, []);
  const takeOver = useCallback(() => {
    setState({ phase: 'opening' });
    setRequest({ mode: 'take-over' });
  }, []);

  const base = { workspaceId, name, openReadOnly, takeOver, needsInstall: false, readOnlyReason: null };
  if (!workspaceId) return { ...base, phase: 'choose' };
  if (state.phase === 'ready') {
    const reason = !readOnly ? null : !writerPresent ? WRITER_GONE_MESSAGE : state.mode === 'read-only' ? READ_ONLY_BY_CHOICE : TAKEN_OVER_MESSAGE;
    return { ...base, phase: 'ready', store: state.opened.store, needsInstall: state.opened.needsInstall, readOnlyReason: reason };
  }
  if (state.phase === 'error') return { ...base, phase: 'error', error: state.error };
  return { ...base, phase: state.phase };
}
