/**
 * The WAI-ARIA tree pattern's keyboard model, as a pure function from (key, rows, focus) to an intent, so the
 * component only carries intents out and the model is unit-tested without a DOM.
 * https://www.w3.org/WAI/ARIA/apg/patterns/treeview/
 */
import type { TreeRow } from './tree-rows';

export type TreeIntent =
  | { kind: 'focus'; path: string }
  | { kind: 'expand'; path: string }
  | { kind: 'collapse'; path: string }
  | { kind: 'open'; path: string }
  | { kind: 'toggle'; path: string }
  | { kind: 'rename'; path: string }
  | { kind: 'delete'; path: string }
  | { kind: 'menu'; path: string };

export function treeIntent(key: string, rows: readonly TreeRow[], focused: string | null, expanded: ReadonlySet<string>): TreeIntent | null {
  if (rows.length === 0) return null;
  const index = rows.findIndex((r) => r.node.path === focused);
  const first = rows[0];
  const last = rows[rows.length - 1];
  // Nothing focused yet (or the focused row vanished): any navigation key lands on the first row.
  if (index < 0) return first ? { kind: 'focus', path: first.node.path } : null;
  const row = rows[index];
  if (!row) return null;
  const path = row.node.path;
  const isFolder = row.node.type === 'directory';

  switch (key) {
    case 'ArrowDown': {
      const next = rows[index + 1];
      return next ? { kind: 'focus', path: next.node.path } : null;
    }
    case 'ArrowUp': {
      const prev = rows[index - 1];
      return prev ? { kind: 'focus', path: prev.node.path } : null;
    }
    case 'Home':
      return first ? { kind: 'focus', path: first.node.path } : null;
    case 'End':
      return last ? { kind: 'focus', path: last.node.path } : null;
    case 'ArrowRight': {
      if (!isFolder) return null;
      if (!expanded.has(path)) return { kind: 'expand', path };
      // Already open: step into its first child, if it has one.
      const child = rows[index + 1];
      return child && child.level > row.level ? { kind: 'focus', path: child.node.path } : null;
    }
    case 'ArrowLeft':
      if (isFolder && expanded.has(path)) return { kind: 'collapse', path };
      return row.level > 1 ? { kind: 'focus', path: row.parent } : null;
    case 'Enter':
      return isFolder ? { kind: 'toggle', path } : { kind: 'open', path };
    case 'F2':
      return { kind: 'rename', path };
    case 'Delete':
      return { kind: 'delete', path };
    case 'ContextMenu':
      return { kind: 'menu', path };
    default:
      return null;
  }
}

/** Type-ahead: the next row after the focused one whose name starts with `char` (case-insensitive), wrapping. */
export function typeAhead(char: string, rows: readonly TreeRow[], focused: string | null): string | null {
  if (char.length !== 1 || rows.length === 0) return null;
  const start = Math.max(
    0,
    rows.findIndex((r) => r.node.path === focused),
  );
  const lower = char.toLowerCase();
  for (let step = 1; step <= rows.length; step++) {
    const row = rows[(start + step) % rows.length];
    if (row && row.node.name.toLowerCase().startsWith(lower)) return row.node.path;
  }
  return null;
}
