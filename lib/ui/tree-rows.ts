/**
 * Pure helpers for the file tree: flattening the visible part of the tree into rows (the tree renders a flat
 * list with aria-level/setsize/posinset, which keeps focus handling simple), path arithmetic for create,
 * rename and drag-and-drop, and keeping the expanded set valid when folders move.
 */
import type { TreeNode } from '@/lib/workspace/types';

export const ROOT = '/';

export interface TreeRow {
  node: TreeNode;
  /** 1-based, as aria-level wants. */
  level: number;
  /** The folder holding this row; ROOT for top-level rows. */
  parent: string;
  setSize: number;
  posInSet: number;
}

/** The rows a user sees: every top-level node, and the children of expanded folders, depth first. */
export function visibleRows(tree: readonly TreeNode[], expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (nodes: readonly TreeNode[], level: number, parent: string) => {
    nodes.forEach((node, index) => {
      rows.push({ node, level, parent, setSize: nodes.length, posInSet: index + 1 });
      if (node.type === 'directory' && expanded.has(node.path) && node.children) walk(node.children, level + 1, node.path);
    });
  };
  walk(tree, 1, ROOT);
  return rows;
}

export function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? ROOT : path.slice(0, cut);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `name` may hold slashes ("src/util.js" creates inside src); the store's path rules judge the result. */
export function joinPath(folder: string, name: string): string {
  const trimmed = name.trim();
  return folder === ROOT ? `/${trimmed}` : `${folder}/${trimmed}`;
}

/** True when `path` is `ancestor` itself or lies somewhere under it. */
function isSameOrInside(path: string, ancestor: string): boolean {
  if (ancestor === ROOT) return true;
  return path === ancestor || path.startsWith(`${ancestor}/`);
}

type DropVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether dragging `source` onto `folder` is a real move. Dropping a folder into itself or its own
 * subfolder would detach it from the tree; dropping into its current parent changes nothing.
 */
export function judgeDrop(source: string, folder: string): DropVerdict {
  if (source === folder || (folder !== ROOT && isSameOrInside(folder, source))) {
    return { ok: false, reason: `Cannot move ${baseName(source)} into itself.` };
  }
  if (parentOf(source) === folder) return { ok: false, reason: `${baseName(source)} is already there.` };
  return { ok: true };
}

/** The folder a "New file"/"New folder" goes into: the selected folder, or the selected file's folder. */
export function targetFolder(selected: TreeNode | null): string {
  if (!selected) return ROOT;
  return selected.type === 'directory' ? selected.path : parentOf(selected.path);
}

/** Every folder on the way to `path` (not `path` itself), so revealing a new file can expand them. */
export function ancestorsOf(path: string): string[] {
  const out: string[] = [];
  for (let p = parentOf(path); p !== ROOT; p = parentOf(p)) out.unshift(p);
  return out;
}

/** After a folder moves or is renamed, its expanded descendants keep their state under the new name. */
export function remapExpanded(expanded: ReadonlySet<string>, from: string, to: string): Set<string> {
  const next = new Set<string>();
  for (const p of expanded) next.add(isSameOrInside(p, from) ? to + p.slice(from.length) : p);
  return next;
}

/** Finds a node by path (depth first); null when the tree no longer has it. */
export function findNode(tree: readonly TreeNode[], path: string): TreeNode | null {
  for (const node of tree) {
    if (node.path === path) return node;
    if (node.children && isSameOrInside(path, node.path)) {
      const hit = findNode(node.children, path);
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * What a name typed into the tree may not do, before the store's path rules see it: the tree creates and
 * renames *inside* the chosen folder, so "." and ".." segments or a leading "/" would silently put the item
 * somewhere else (the path rules would accept "/src/../x.js" as "/x.js"). Returns the problem, or null.
 */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name.';
  if (trimmed.startsWith('/') || trimmed.startsWith('\\')) return 'A name cannot start with "/": it is created inside the selected folder.';
  const segments = trimmed.split(/[\\/]/);
  if (segments.some((s) => s === '..' || s === '.')) return 'A name cannot contain "." or ".." folders: it would end up outside the selected folder.';
  if (segments.some((s) => s === '')) return 'A name cannot contain an empty folder ("//" or a trailing "/").';
  return null;
}
