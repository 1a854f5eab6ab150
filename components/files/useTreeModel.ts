'use client';

import { useCallback, useState } from 'react';
import type { WorkspaceStore } from '@/lib/workspace';
import { ancestorsOf, baseName, joinPath, parentOf, remapExpanded, ROOT } from '@/lib/ui/tree-rows';
import { errorMessage } from '../../lib/files/errors';

/** What the name form is doing, if it is shown. */
type NameEdit = { mode: 'new-file' | 'new-folder'; folder: string } | { mode: 'rename'; path: string } | null;

/**
 * The tree's view state (expanded folders, selection, pending edit, errors) and the store calls that change
 * the workspace. View state lives here, not in the store: it survives snapshot updates because it is keyed
 * by path, and renames/moves carry it along.
 */
export function useTreeModel(store: WorkspaceStore) {
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const [edit, setEdit] = useState<NameEdit>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const setFolder = useCallback((path: string, open: boolean) => {
    setExpanded((current) => {
      if (current.has(path) === open) return current;
      const next = new Set(current);
      if (open) next.add(path);
      else next.delete(path);
      return next;
    });
  }, []);

  /** Expands every folder above `path` and selects it, so a new or moved item is visible. */
  const reveal = useCallback((path: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      for (const folder of ancestorsOf(path)) next.add(folder);
      return next;
    });
    setSelected(path);
  }, []);

  /** Runs a store call; failures land in the pane's alert rather than being thrown away. */
  const attempt = useCallback(async (work: () => Promise<void>) => {
    try {
      await work();
      setError(null);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, []);

  const open = useCallback((path: string) => void attempt(() => store.openFile(path)), [attempt, store]);

  /** Rejects on failure: the name form shows the error next to the input. */
  const create = useCallback(
    async (kind: 'file' | 'folder', folder: string, name: string) => {
      const path = joinPath(folder, name);
      if (kind === 'file') await store.createFile(path, '');
      else await store.createFolder(path);
      setError(null);
      setEdit(null);
      reveal(path);
      if (kind === 'file') void attempt(() => store.openFile(path));
    },
    [attempt, reveal, store],
  );

  const rename = useCallback(
    async (from: string, name: string) => {
      const to = joinPath(parentOf(from), name);
      await store.rename(from, to);
      setExpanded((current) => remapExpanded(current, from, to));
      setError(null);
      setEdit(null);
      reveal(to);
    },
    [reveal, store],
  );

  const move = useCallback(
    (path: string, folder: string) =>
      attempt(async () => {
        const to = joinPath(folder, baseName(path));
        await store.move(path, folder);
        setExpanded((current) => {
          const next = remapExpanded(current, path, to);
          if (folder !== ROOT) next.add(folder);
          return next;
        });
        reveal(to);
      }),
    [attempt, reveal, store],
  );

  const remove = useCallback(
    (path: string) =>
      attempt(async () => {
        // The dialog closes first: a failure shows in the pane, which the modal would otherwise cover.
        setConfirmDelete(null);
        await store.remove(path);
        setSelected(parentOf(path) === ROOT ? null : parentOf(path));
      }),
    [attempt, store],
  );

  const toggleLock = useCallback(
    (path: string) => {
      try {
        store.setLocked(path, !store.isLocked(path));
        setError(null);
      } catch (caught) {
        setError(errorMessage(caught));
      }
    },
    [store],
  );

  return {
    expanded,
    setFolder,
    selected,
    setSelected,
    edit,
    setEdit,
    confirmDelete,
    setConfirmDelete,
    error,
    setError,
    open,
    create,
    rename,
    move,
    remove,
    toggleLock,
  };
}
