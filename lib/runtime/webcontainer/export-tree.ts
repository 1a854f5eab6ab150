/** Flattens the API's JSON export (a FileSystemTree) into the port's path → bytes map. */
import type { ExportedFiles } from '../port';
import type { FileSystemTree } from './api-types';
import { joinWorkspacePath } from './paths';

/** Handed to `wc.export`; the flattening below drops node_modules again in case a glob misses. */
export const EXPORT_EXCLUDES = ['node_modules/**', '**/node_modules/**'];

const encoder = new TextEncoder();

export function flattenTree(tree: FileSystemTree, base: string, into: ExportedFiles = {}): ExportedFiles {
  for (const [name, node] of Object.entries(tree)) {
    if (name === 'node_modules') continue;
    const path = joinWorkspacePath(base, name);
    if ('directory' in node) flattenTree(node.directory, path, into);
    else if ('contents' in node.file) {
      const { contents } = node.file;
      into[path] = typeof contents === 'string' ? encoder.encode(contents) : contents;
    }
    // Symlinks carry no bytes of their own; the target is exported where it lives.
  }
  return into;
}
