'use client';

import type { DragEvent, KeyboardEvent, MouseEvent } from 'react';
import { fileKind } from '@/lib/ui/file-kind';
import type { TreeRow } from '@/lib/ui/tree-rows';
import { FolderIcon, LockIcon } from './icons';
import styles from './tree.module.css';
import { displayName } from '@/lib/workspace/display-name';

interface TreeRowItemProps {
  row: TreeRow;
  expanded: boolean;
  selected: boolean;
  /** Roving tabindex: exactly one row of the tree is in the Tab order. */
  tabbable: boolean;
  dirty: boolean;
  locked: boolean;
  /** Why browser storage does not hold this file (refused, failed, temporary), if it does not. */
  notSaved?: string;
  dropTarget: boolean;
  /** Called with the row element (and null on unmount) so keyboard moves can focus it. */
  register: (element: HTMLLIElement | null) => void;
  onClick: (event: MouseEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onFocus: () => void;
  onContextMenu: (event: MouseEvent) => void;
  onDragStart: (event: DragEvent) => void;
  onDragOver: (event: DragEvent) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent) => void;
}

/** "app.js, unsaved changes, locked": the markers are visual glyphs, so the row's name says them in words. */
export function rowLabel(name: string, dirty: boolean, locked: boolean, notSaved = false): string {
  return [displayName(name), dirty ? 'unsaved changes' : null, locked ? 'locked' : null, notSaved ? 'not saved' : null].filter(Boolean).join(', ');
}

/** One treeitem of the flat tree (aria-level/setsize/posinset carry the hierarchy). */
export function TreeRowItem({ row, expanded, selected, tabbable, dirty, locked, notSaved, dropTarget, register, ...handlers }: TreeRowItemProps) {
  const { node } = row;
  const isFolder = node.type === 'directory';
  const kind = isFolder ? null : fileKind(node.name);
  const className = [styles.row, selected ? styles.selected : '', dropTarget ? styles.dropTarget : ''].join(' ');

  return (
    <li
      ref={register}
      role="treeitem"
      aria-label={rowLabel(node.name, dirty, locked, notSaved !== undefined)}
      aria-level={row.level}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={isFolder ? expanded : undefined}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      draggable
      className={className}
      // Indentation by level: the tree is flat in the DOM.
      style={{ paddingLeft: 6 + (row.level - 1) * 14 }}
      title={displayName(node.path)}
      onClick={handlers.onClick}
      onKeyDown={handlers.onKeyDown}
      onFocus={handlers.onFocus}
      onContextMenu={handlers.onContextMenu}
      onDragStart={handlers.onDragStart}
      onDragOver={handlers.onDragOver}
      onDragLeave={handlers.onDragLeave}
      onDrop={handlers.onDrop}
    >
      <span aria-hidden="true" className={styles.twisty}>
        {isFolder ? (expanded ? '▾' : '▸') : ''}
      </span>
      {/* The file-type glyph ("JS") is drawn by CSS from data-glyph: as text in the row it would read as part of the name. */}
      <span
        aria-hidden="true"
        className={isFolder ? styles.folderIcon : styles.fileIcon}
        title={kind?.label ?? 'folder'}
        data-glyph={isFolder ? undefined : kind?.glyph}
      >
        {isFolder && <FolderIcon open={expanded} />}
      </span>
      <span className={styles.name}>{displayName(node.name)}</span>
      {dirty && (
        <span aria-hidden="true" className={styles.dirty} title="Unsaved changes">
          ●
        </span>
      )}
      {locked && (
        <span aria-hidden="true" className={styles.lock} title="Locked">
          <LockIcon />
        </span>
      )}
      {notSaved !== undefined && (
        <span aria-hidden="true" className={styles.notSaved} title={`Not saved: ${notSaved}`}>
          not saved
        </span>
      )}
    </li>
  );
}
