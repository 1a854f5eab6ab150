/**
 * `node_modules/.bin` entries. The runtime's file system has no symlinks, so a bin link is a small file that
 * names its target on a marker line. The shell follows the marker and runs the target itself (so the target's
 * own package decides CommonJS or ESM, and `process.argv[1]` is the real file, as with a symlink); run
 * directly with `node`, the file still works through its `require`.
 */
import { dirname, resolvePath } from './paths';

const MARKER = '// tabsmith-bin-link: ';

/** The link file's text, for a target path relative to the link's folder (e.g. `../vite/bin/vite.js`). */
export function binLinkSource(relativeTarget: string): string {
  return `#!/usr/bin/env node\n${MARKER}${relativeTarget}\nrequire(${JSON.stringify(relativeTarget)});\n`;
}

/** The absolute target of a bin link's text, or null when the text is not a bin link. */
export function binLinkTarget(linkPath: string, text: string): string | null {
  const line = text.split('\n', 3)[1] ?? '';
  if (!line.startsWith(MARKER)) return null;
  const relative = line.slice(MARKER.length).trim();
  return relative ? resolvePath(dirname(linkPath), relative) : null;
}
