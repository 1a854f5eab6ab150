'use client';

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type DragEvent, type KeyboardEvent } from 'react';
import { treeIntent, typeAhead, type TreeIntent } from '@/lib/ui/tree-keys';
import { baseName, findNode, judgeDrop, nameProblem, ROOT, targetFolder, visibleRows } from '@/lib/ui/tree-rows';
import type { WorkspaceStore } from '@/lib/workspace';
import { ConfirmDialog } from './ConfirmDialog';
import { withoutHidden } from '../../lib/files/hidden';
import { IconButton } from './IconButton';
import { DeleteIcon, EyeIcon, LockIcon, NewFileIcon, NewFolderIcon, RenameIcon, UnlockIcon } from './icons';
import { NameForm } from './NameForm';
import { TreeMenu, type MenuAction } from './TreeMenu';
import { TreeRowItem } from './TreeRowItem';
import { useTreeModel } from './useTreeModel';
import { useCommandHandler } from '@/components/commands/useCommandHandler';
import { commandTitle } from '@/lib/commands/registry';
import styles from './tree.module.css';

/** dataTransfer type for drags that start in the tree (as opposed to files dragged in from the desktop). */
const DRAG_TYPE = 'application/x-tabsmith-path';

/**
 * The workspace's file tree: the WAI-ARIA tree pattern over the store's snapshot, with create, rename,
 * delete, lock and drag-to-move. Everything it changes goes through the store.
 */
export function FileTree({ store }: { store: WorkspaceStore }) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const model = useTreeModel(store);
  const { expanded, selected, edit, error } = model;
  // Hidden folders (.git) are part of the workspace but out of the way unless the user asks to see them.
  const [showHidden, setShowHidden] = useState(false);
  const tree = useMemo(() => (showHidden ? snapshot.tree : withoutHidden(snapshot.tree)), [snapshot.tree, showHidden]);
  const rows = useMemo(() => visibleRows(tree, expanded), [tree, expanded]);
  const dirty = useMemo(() => new Set(snapshot.openFiles.filter((f) => f.dirty).map((f) => f.path)), [snapshot.openFiles]);
  const readOnly = snapshot.readOnly;

  const selectedNode = selected ? findNode(tree, selected) : null;
  const tabbable = selectedNode && rows.some((r) => r.node.path === selected) ? selected : (rows[0]?.node.path ?? null);

  const [menu, setMenu] = useState<{ path: string; x: number; y: number } | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const dragged = useRef<string | null>(null);
  const rowElements = useRef(new Map<string, HTMLLIElement>());
  // Set by keyboard moves so focus follows selection; clicks and store updates do not steal focus.
  const focusPending = useRef(false);

  useEffect(() => {
    if (!focusPending.current || !tabbable) return;
    focusPending.current = false;
    rowElements.current.get(tabbable)?.focus();
  });

  const focusRow = useCallback(
    (path: string) => {
      focusPending.current = true;
      model.setSelected(path);
    },
    [model],
  );

  const closeEdit = () => {
    model.setEdit(null);
    if (tabbable) focusRow(tabbable);
  };

  const startNew = (mode: 'new-file' | 'new-folder') => model.setEdit({ mode, folder: targetFolder(selectedNode) });
  const startRename = (path: string) => model.setEdit({ mode: 'rename', path });
  useCommandHandler('files.newFile', () => !readOnly && startNew('new-file'));
  useCommandHandler('files.newFolder', () => !readOnly && startNew('new-folder'));
  useCommandHandler('files.toggleHidden', () => setShowHidden((shown) => !shown));

  const carryOut = (intent: TreeIntent) => {
    switch (intent.kind) {
      case 'focus':
        return focusRow(intent.path);
      case 'expand':
        return model.setFolder(intent.path, true);
      case 'collapse':
        return model.setFolder(intent.path, false);
      case 'toggle':
        return model.setFolder(intent.path, !expanded.has(intent.path));
      case 'open':
        return model.open(intent.path);
      case 'rename':
        return readOnly ? undefined : startRename(intent.path);
      case 'delete':
        return readOnly ? undefined : model.setConfirmDelete(intent.path);
      case 'menu': {
        const box = rowElements.current.get(intent.path)?.getBoundingClientRect();
        return setMenu({ path: intent.path, x: (box?.left ?? 0) + 24, y: box?.bottom ?? 0 });
      }
    }
  };

  const onRowKey = (event: KeyboardEvent, path: string) => {
    const key = event.shiftKey && event.key === 'F10' ? 'ContextMenu' : event.key;
    const intent = treeIntent(key, rows, path, expanded) ?? (event.ctrlKey || event.metaKey || event.altKey ? null : typeAheadIntent(event.key, path));
    if (!intent) return;
    event.preventDefault();
    carryOut(intent);
  };
  const typeAheadIntent = (char: string, from: string): TreeIntent | null => {
    const hit = typeAhead(char, rows, from);
    return hit ? { kind: 'focus', path: hit } : null;
  };

  const menuActions = (path: string): MenuAction[] => {
    const node = findNode(tree, path);
    const isFile = node?.type === 'file';
    const locked = snapshot.locks.has(path);
    return [
      ...(isFile ? [{ label: 'Open', run: () => model.open(path) }] : []),
      { label: 'New file', disabled: readOnly, run: () => model.setEdit({ mode: 'new-file', folder: targetFolder(node) }) },
      { label: 'New folder', disabled: readOnly, run: () => model.setEdit({ mode: 'new-folder', folder: targetFolder(node) }) },
      { label: 'Rename', disabled: readOnly, run: () => startRename(path) },
      { label: 'Delete', disabled: readOnly, run: () => model.setConfirmDelete(path) },
      ...(isFile ? [{ label: locked ? 'Unlock' : 'Lock', disabled: readOnly, run: () => model.toggleLock(path) }] : []),
    ];
  };

  // Drag and drop: a folder row or the empty tree area (the root) accepts tree items.
  const allowDrop = (event: DragEvent, folder: string) => {
    if (!dragged.current || !event.dataTransfer.types.includes(DRAG_TYPE) || readOnly) return;
    event.preventDefault();
    event.stopPropagation();
    const verdict = judgeDrop(dragged.current, folder);
    // An invalid target (itself, its own subfolder) shows the no-drop cursor and no highlight; no drop fires.
    event.dataTransfer.dropEffect = verdict.ok ? 'move' : 'none';
    setDropTarget(verdict.ok ? folder : null);
  };
  const drop = (event: DragEvent, folder: string) => {
    const source = dragged.current ?? event.dataTransfer.getData(DRAG_TYPE);
    dragged.current = null;
    setDropTarget(null);
    if (!source || readOnly) return;
    event.preventDefault();
    event.stopPropagation();
    const verdict = judgeDrop(source, folder);
    // Dropping back where it came from is a no-op, not an error worth shouting about.
    if (!verdict.ok) {
      if (!verdict.reason.endsWith('already there.')) model.setError(verdict.reason);
      return;
    }
    void model.move(source, folder);
  };

  const lockedSelected = selected ? snapshot.locks.has(selected) : false;
  const selectedName = selectedNode ? selectedNode.name : null;
  const editNode = edit?.mode === 'rename' ? findNode(tree, edit.path) : null;

  return (
    <div className={styles.pane}>
      <div role="toolbar" aria-label="File actions" className={styles.toolbar}>
        <IconButton label="New file" hint={commandTitle('files.newFile')} disabled={readOnly} onClick={() => startNew('new-file')}>
          <NewFileIcon />
        </IconButton>
        <IconButton label="New folder" hint={commandTitle('files.newFolder')} disabled={readOnly} onClick={() => startNew('new-folder')}>
          <NewFolderIcon />
        </IconButton>
        <IconButton
          label="Rename"
          hint={selectedName ? `Rename ${selectedName} (F2)` : undefined}
          disabled={readOnly || !selectedNode}
          onClick={() => selected && startRename(selected)}
        >
          <RenameIcon />
        </IconButton>
        <IconButton
          label="Delete"
          hint={selectedName ? `Delete ${selectedName} (Delete)` : undefined}
          disabled={readOnly || !selectedNode}
          onClick={() => selected && model.setConfirmDelete(selected)}
        >
          <DeleteIcon />
        </IconButton>
        <IconButton
          label={lockedSelected ? 'Unlock' : 'Lock'}
          hint={
            selectedName
              ? `${lockedSelected ? 'Unlock' : 'Lock'} ${selectedName}: locked files cannot be saved or changed by the agent`
              : 'Select a file to lock it'
          }
          disabled={readOnly || selectedNode?.type !== 'file'}
          onClick={() => selected && model.toggleLock(selected)}
        >
          {lockedSelected ? <UnlockIcon /> : <LockIcon size={14} />}
        </IconButton>
        <IconButton
          label="Show hidden folders"
          hint={showHidden ? 'Hide hidden folders (.git)' : 'Show hidden folders (.git)'}
          pressed={showHidden}
          onClick={() => setShowHidden((shown) => !shown)}
        >
          <EyeIcon crossed={!showHidden} />
        </IconButton>
      </div>

      {edit && edit.mode !== 'rename' && (
        <NameForm
          key={`${edit.mode}:${edit.folder}`}
          label={edit.mode === 'new-file' ? 'New file name' : 'New folder name'}
          hint={`${edit.mode === 'new-file' ? 'New file' : 'New folder'} in ${edit.folder === ROOT ? 'the workspace root' : `${edit.folder.slice(1)}/`}`}
          validate={nameProblem}
          onSubmit={(name) => model.create(edit.mode === 'new-file' ? 'file' : 'folder', edit.folder, name)}
          onCancel={closeEdit}
        />
      )}
      {edit?.mode === 'rename' && editNode && (
        <NameForm
          key={`rename:${edit.path}`}
          label={`New name for ${editNode.name}`}
          hint={`Rename ${editNode.name}`}
          initial={editNode.name}
          validate={nameProblem}
          onSubmit={(name) => model.rename(edit.path, name)}
          onCancel={closeEdit}
        />
      )}

      {error && (
        <div role="alert" className={styles.alert}>
          <p>{error}</p>
          <button type="button" onClick={() => model.setError(null)}>
            Dismiss
          </button>
        </div>
      )}

      <div
        className={`${styles.treeWrap} ${dropTarget === ROOT ? styles.rootDrop : ''}`}
        onDragOver={(e) => allowDrop(e, ROOT)}
        onDragLeave={() => setDropTarget(null)}
        onDrop={(e) => drop(e, ROOT)}
      >
        {rows.length === 0 && <p className={styles.empty}>The workspace is empty. Create a file or a folder to begin.</p>}
        {/* Always in the page, even empty, so the tree is there to find (and to receive new items). */}
        <ul role="tree" aria-label="Workspace files" className={styles.tree}>
          {rows.map((row) => {
            const path = row.node.path;
            const isFolder = row.node.type === 'directory';
            return (
              <TreeRowItem
                key={path}
                row={row}
                expanded={expanded.has(path)}
                selected={path === selected}
                tabbable={path === tabbable}
                dirty={dirty.has(path)}
                locked={snapshot.locks.has(path)}
                notSaved={snapshot.notSaved.get(path)?.reason}
                dropTarget={dropTarget === path}
                register={(el) => {
                  if (el) rowElements.current.set(path, el);
                  else rowElements.current.delete(path);
                }}
                onClick={() => {
                  model.setSelected(path);
                  if (isFolder) model.setFolder(path, !expanded.has(path));
                  else model.open(path);
                }}
                onKeyDown={(e) => onRowKey(e, path)}
                // Single-select tree: selection follows focus, so Tab back in lands where the user was.
                onFocus={() => path !== selected && model.setSelected(path)}
                onContextMenu={(e) => {
                  e.preventDefault();
                  model.setSelected(path);
                  setMenu({ path, x: e.clientX, y: e.clientY });
                }}
                onDragStart={(e) => {
                  dragged.current = path;
                  e.dataTransfer.setData(DRAG_TYPE, path);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => (isFolder ? allowDrop(e, path) : allowDrop(e, row.parent))}
                onDragLeave={() => setDropTarget(null)}
                // Dropping on a file means "next to it": into the file's folder.
                onDrop={(e) => drop(e, isFolder ? path : row.parent)}
              />
            );
          })}
        </ul>
      </div>

      {menu && (
        <TreeMenu
          label={`Actions for ${baseName(menu.path)}`}
          x={menu.x}
          y={menu.y}
          actions={menuActions(menu.path)}
          onClose={() => {
            setMenu(null);
            focusRow(menu.path);
          }}
        />
      )}

      {model.confirmDelete && (
        <ConfirmDialog
          title={`Delete ${baseName(model.confirmDelete)}?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => model.confirmDelete && void model.remove(model.confirmDelete)}
          onCancel={() => model.setConfirmDelete(null)}
        >
          <p>
            {findNode(tree, model.confirmDelete)?.type === 'directory'
              ? 'The folder and everything in it will be deleted. This cannot be undone.'
              : 'The file will be deleted. This cannot be undone.'}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
