/**
 * Numeric `open` flags (`fs.constants.O_*`, Linux's values as Node reports them there). The file system under
 * the `fs` shim understands only Node's string flags ('r', 'w+', 'a', …) and took any number for 'r', so a
 * program opening with `O_WRONLY | O_CREAT | O_TRUNC` — as WASI's `path_open` does for every file a
 * WebAssembly build writes — got ENOENT. Here a number becomes the string flag with the same meaning, and the
 * two things a string flag cannot say (create without truncating, fail if it exists) are done around it.
 */
import { systemError } from './system-errors';

export const OPEN_CONSTANTS = {
  O_RDONLY: 0,
  O_WRONLY: 1,
  O_RDWR: 2,
  O_CREAT: 0x40,
  O_EXCL: 0x80,
  O_NOCTTY: 0x100,
  O_TRUNC: 0x200,
  O_APPEND: 0x400,
  O_NONBLOCK: 0x800,
  O_DSYNC: 0x1000,
  O_DIRECTORY: 0x10000,
  O_NOFOLLOW: 0x20000,
  O_NOATIME: 0x40000,
  O_SYNC: 0x101000,
} as const;

const { O_RDWR, O_CREAT, O_EXCL, O_TRUNC, O_APPEND } = OPEN_CONSTANTS;

interface OpenPlan {
  /** The string flag to open with. */
  flags: string;
  /** Create an empty file first when it is missing (O_CREAT with a flag that would not create it). */
  create: boolean;
  /** Fail with EEXIST when the file exists (O_CREAT | O_EXCL). */
  exclusive: boolean;
}

/** What numeric `flags` mean in Node's string flags. */
function planOpen(flags: number): OpenPlan {
  const access = flags & 3;
  const creating = (flags & O_CREAT) !== 0;
  const exclusive = creating && (flags & O_EXCL) !== 0;
  if (access === 0) return { flags: 'r', create: creating, exclusive };
  const plus = access === O_RDWR ? '+' : '';
  if (flags & O_APPEND) return { flags: `a${plus}`, create: false, exclusive };
  // 'w' creates and truncates; without O_CREAT a missing file must stay an ENOENT, so 'r+' is used then.
  if (flags & O_TRUNC && creating) return { flags: `w${plus}`, create: false, exclusive };
  return { flags: 'r+', create: creating, exclusive };
}

interface OpenFs {
  existsSync(path: unknown): boolean;
  writeFileSync(path: unknown, data: unknown): void;
  openSync(path: unknown, flags?: unknown, mode?: unknown): number;
}

const creating = (flags: number): boolean => (flags & O_CREAT) !== 0;

/** An `openSync` that takes numeric flags as well, over one that takes only string flags. */
export function openWithNumericFlags(fs: OpenFs, open: OpenFs['openSync']): OpenFs['openSync'] {
  return (path, flags, mode) => {
    if (typeof flags !== 'number') return open(path, flags, mode);
    const exists = fs.existsSync(path);
    const plan = planOpen(flags);
    if (plan.exclusive && exists) throw systemError('EEXIST', 'open', String(path));
    // The string flags 'r+' and 'a' would create a missing file; without O_CREAT, Node answers ENOENT.
    if (!exists && (flags & O_CREAT) === 0) throw systemError('ENOENT', 'open', String(path));
    // Created empty when missing (O_CREAT); O_TRUNC that 'r+' would not do (no O_CREAT) empties a file that exists.
    const truncating = exists && (flags & O_TRUNC) !== 0 && (flags & 3) !== 0 && plan.flags.startsWith('r');
    if ((creating(flags) && !exists) || truncating) fs.writeFileSync(path, new Uint8Array(0));
    return open(path, plan.flags, mode);
  };
}
