/**
 * `fs.statfs`: Node reports the file system holding a path. Here every file lives in the tab's memory, as on a
 * tmpfs, so the figures are those of the memory the tab may still use (the JavaScript heap's limit and what is
 * left of it where the browser says, else a nominal 4 GiB). Programs read it to decide whether there is room
 * (Vitest reads the free space of the temporary folder when it starts).
 */
type Fn = (...args: unknown[]) => unknown;

const TMPFS_MAGIC = 0x01021994;
const BLOCK_SIZE = 4096;
const NOMINAL_BYTES = 4 * 1024 ** 3;

interface HeapMemory {
  jsHeapSizeLimit: number;
  usedJSHeapSize: number;
}

function memory(): { total: number; free: number } {
  const heap = (globalThis.performance as unknown as { memory?: HeapMemory } | undefined)?.memory;
  if (!heap || !heap.jsHeapSizeLimit) return { total: NOMINAL_BYTES, free: NOMINAL_BYTES };
  return { total: heap.jsHeapSizeLimit, free: Math.max(0, heap.jsHeapSizeLimit - heap.usedJSHeapSize) };
}

/** Node's StatFs (or BigIntStatFs with `bigint: true`) for an existing path; ENOENT as stat gives otherwise. */
export function addStatfs(fs: Record<string, unknown>): void {
  const statSync = (path: unknown) => (fs.statSync as Fn)(path);
  fs.statfsSync = (path: unknown, options?: { bigint?: boolean }) => {
    statSync(path);
    const { total, free } = memory();
    const blocks = Math.floor(total / BLOCK_SIZE);
    const bfree = Math.floor(free / BLOCK_SIZE);
    const figures = { type: TMPFS_MAGIC, bsize: BLOCK_SIZE, blocks, bfree, bavail: bfree, files: blocks, ffree: bfree };
    if (!options?.bigint) return figures;
    return Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, BigInt(value)]));
  };
}
