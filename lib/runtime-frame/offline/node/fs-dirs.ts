/**
 * Two things Node's folder calls do that the shim's did not: readdir gives the names in the encoding asked for
 * ('hex', 'base64', 'latin1', …, or Buffers for 'buffer'), names and Dirents alike; and rmdir's deprecated
 * `recursive` option warns once per process (DEP0147) and removes the tree, failing with ENOENT on a missing
 * path as Node 22 does.
 */
type Fn = (...args: unknown[]) => unknown;

interface Names {
  from(text: string): Uint8Array & { toString(encoding: string): string };
}

interface DirParts {
  Buffer: Names;
  warn(message: string, type: string, code: string): void;
}

const encodingOf = (options: unknown): string | undefined =>
  typeof options === 'string' ? options : ((options as { encoding?: string | null } | null | undefined)?.encoding ?? undefined);

export function addDirCalls(fs: Record<string, unknown>, parts: DirParts): void {
  const readdirSync = fs.readdirSync as Fn;
  fs.readdirSync = (path: unknown, options?: unknown) => {
    const list = readdirSync(path, options) as (string | { name: unknown })[];
    const encoding = encodingOf(options)?.toLowerCase();
    if (!encoding || encoding === 'utf8' || encoding === 'utf-8') return list;
    const encode = (name: string) => (encoding === 'buffer' ? parts.Buffer.from(name) : parts.Buffer.from(name).toString(encoding));
    return list.map((entry) => {
      if (typeof entry === 'string') return encode(entry);
      entry.name = encode(entry.name as string);
      return entry;
    });
  };

  let warned = false;
  const rmdirSync = fs.rmdirSync as Fn;
  fs.rmdirSync = (path: unknown, options?: unknown) => {
    if (!(options as { recursive?: unknown } | undefined)?.recursive) return rmdirSync(path);
    if (!warned) {
      warned = true;
      parts.warn(
        'In future versions of Node.js, fs.rmdir(path, { recursive: true }) will be removed. Use fs.rm(path, { recursive: true }) instead',
        'DeprecationWarning',
        'DEP0147',
      );
    }
    (fs.lstatSync as Fn)(path); // ENOENT for a missing path: the option does not include `force`
    return (fs.rmSync as Fn)(path, { recursive: true });
  };
}
