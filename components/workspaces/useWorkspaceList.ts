'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/files/errors';
import { openDatabase, type TabsmithDB } from '@/lib/workspace/db';
import type { WorkspaceMeta } from '@/lib/workspace/types';
import type { CreateWorkspaceInput } from '@/lib/workspace/workspaces';

/**
 * The list operations carry the templates' files (and their schema checks): loaded when one is first used, so
 * the launcher shows the list without that weight.
 */
const operations = () => import('@/lib/workspace/workspaces');

/** Newest first, as listWorkspaces orders them; read straight from the database so listing needs no more. */
async function readList(db: TabsmithDB): Promise<WorkspaceMeta[]> {
  const states = await db.getAll('state');
  return states.map((s) => s.meta).sort((a, b) => b.updatedAt - a.updatedAt || a.name.localeCompare(b.name));
}

export interface WorkspaceList {
  /** Null until the database has been read once. */
  workspaces: WorkspaceMeta[] | null;
  /** A failure to read the list itself (IndexedDB unavailable, e.g. private mode). */
  loadError: string | null;
  create(input: CreateWorkspaceInput): Promise<WorkspaceMeta>;
  rename(id: string, name: string): Promise<void>;
  duplicate(id: string): Promise<WorkspaceMeta>;
  remove(id: string): Promise<void>;
  refresh(): Promise<void>;
}

const unreadable = (error: unknown) => `Saved workspaces could not be read: ${errorMessage(error)}`;

/**
 * The saved workspaces, read from IndexedDB, and the operations on them. Each operation rejects with a
 * user-worded error (the caller shows it where the user acted) and re-reads the list on success. One started
 * while the database is still opening (a zip chosen the moment the launcher shows) waits for it.
 */
export function useWorkspaceList(): WorkspaceList {
  const opening = useRef<Promise<TabsmithDB> | null>(null);
  const [workspaces, setWorkspaces] = useState<WorkspaceMeta[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const opened = openDatabase();
    opening.current = opened;
    opened.then(
      async (handle) => {
        if (!cancelled) setWorkspaces(await readList(handle));
      },
      (error: unknown) => !cancelled && setLoadError(unreadable(error)),
    );
    return () => {
      cancelled = true;
      if (opening.current === opened) opening.current = null;
      opened.then((handle) => handle.close()).catch(() => undefined);
    };
  }, []);

  const need = useCallback(async (): Promise<TabsmithDB> => {
    const opened = opening.current;
    if (!opened) throw new Error('The workspace list is closed.');
    try {
      return await opened;
    } catch (error) {
      throw new Error(unreadable(error));
    }
  }, []);

  const refresh = useCallback(async () => {
    setWorkspaces(await readList(await need()));
  }, [need]);

  const create = useCallback(
    async (input: CreateWorkspaceInput) => {
      const meta = await (await operations()).createWorkspace(await need(), input);
      await refresh();
      return meta;
    },
    [need, refresh],
  );

  const rename = useCallback(
    async (id: string, name: string) => {
      await (await operations()).renameWorkspace(await need(), id, name);
      await refresh();
    },
    [need, refresh],
  );

  const duplicate = useCallback(
    async (id: string) => {
      const meta = await (await operations()).duplicateWorkspace(await need(), id);
      await refresh();
      return meta;
    },
    [need, refresh],
  );

  const remove = useCallback(
    async (id: string) => {
      await (await operations()).deleteWorkspace(await need(), id);
      await refresh();
    },
    [need, refresh],
  );

  return { workspaces, loadError, create, rename, duplicate, remove, refresh };
}
