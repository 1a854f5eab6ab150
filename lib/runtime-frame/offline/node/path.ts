/**
 * Node's `path`: `path.posix` and `path.win32` (both usable on any platform, as in Node), `path` itself being
 * the posix one, as on Linux; and `matchesGlob`, which Node answers with its glob matcher's rules: a '\' in the
 * pattern separates (it never escapes), a leading '!' is literal, and on win32 '\' in the path separates too.
 */
import picomatch from 'picomatch/posix';
import { posixPath } from './path-posix';
import { win32Path } from './path-win32';
import { checkString } from './path-shared';

interface PathProcess {
  cwd(): string;
  env: Record<string, string | undefined>;
}

function matchesGlob(windows: boolean) {
  return (path: unknown, pattern: unknown): boolean => {
    checkString(path, 'path');
    checkString(pattern, 'pattern');
    const subject = windows ? path.replace(/\\/g, '/') : path;
    // '[!…]' is written '[^…]' for the matcher, which otherwise reads that '!' as a negation of the whole pattern.
    const glob = pattern.replace(/\\/g, '/').replace(/\[!/g, '[^');
    return picomatch(glob, { nonegate: true })(subject);
  };
}

export function pathModule(process: PathProcess) {
  const cwd = () => process.cwd();
  const posix: Record<string, unknown> = { ...posixPath(cwd), matchesGlob: matchesGlob(false) };
  const win32: Record<string, unknown> = { ...win32Path(cwd, () => process.env), matchesGlob: matchesGlob(true) };
  for (const namespace of [posix, win32]) Object.assign(namespace, { posix, win32 });
  return posix;
}
