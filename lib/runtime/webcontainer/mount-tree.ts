/** The port's path → content map as the API's FileSystemTree, for one `mount` call instead of one write per file. */
import type { FileSystemTree } from './api-types';
import { workspaceSegments } from './paths';

export function toFileSystemTree(files: Readonly<Record<string, string | Uint8Array>>): FileSystemTree {
  const root: FileSystemTree = {};
  for (const [path, contents] of Object.entries(files)) {
    const segments = workspaceSegments(path);
    const name = segments.pop();
    if (name === undefined) continue;
    let folder = root;
    for (const segment of segments) {
      const node = folder[segment];
      if (node && 'directory' in node) {
        folder = node.directory;
      } else {
        // A file and a folder of the same name cannot both exist; the folder wins, as it would on disk.
        const directory: FileSystemTree = {};
        folder[segment] = { directory };
        folder = directory;
      }
    }
    if (!(folder[name] && 'directory' in folder[name])) folder[name] = { file: { contents } };
  }
  return root;
}
