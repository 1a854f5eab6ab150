/**
 * `node:wasi` (preview1) over the process's own `fs`: @tybys/wasm-util implements the WASI system calls on a
 * Node-style synchronous file system, which is what a process here has (a process in a worker reaches the
 * runtime's files synchronously). Node's constructor rules are kept: `version` is required and must be
 * 'unstable' or 'preview1'; stdout and stderr go to the process's own output.
 */
import { WASI as WasiPolyfill } from '@tybys/wasm-util';
import { invalidArgType, invalidArgValue } from './node-errors';

interface WasiParts {
  fs: unknown;
  write(text: string): void;
  writeError(text: string): void;
  exit(code: number): never;
}

interface WasiOptions {
  version?: unknown;
  args?: string[];
  env?: Record<string, string | undefined>;
  preopens?: Record<string, string>;
  returnOnExit?: boolean;
}

interface SyncFs {
  openSync(path: unknown, flags?: unknown, mode?: unknown): number;
  closeSync(fd: number): void;
  fstatSync(fd: number, options?: unknown): object;
  statSync(path: unknown, options?: unknown): { isDirectory(): boolean };
  lstatSync(path: unknown, options?: unknown): object;
}

const BIG_FIELDS = ['dev', 'ino', 'mode', 'nlink', 'uid', 'gid', 'rdev', 'size', 'blksize', 'blocks', 'atimeMs', 'mtimeMs', 'ctimeMs', 'birthtimeMs'];

/** Node's BigIntStats (what `{ bigint: true }` asks for) from stats whose fields are numbers. */
function bigintStats(stats: object, options: unknown): object {
  if (!(options as { bigint?: boolean } | undefined)?.bigint) return stats;
  const source = stats as Record<string, unknown>;
  const big = Object.create(stats) as Record<string, unknown>;
  for (const field of BIG_FIELDS) {
    const value = source[field];
    if (typeof value === 'number') big[field] = BigInt(Math.trunc(value));
  }
  for (const time of ['atime', 'mtime', 'ctime', 'birthtime']) {
    const ms = big[`${time}Ms`];
    if (typeof ms === 'bigint') big[`${time}Ns`] = ms * 1_000_000n;
  }
  return big;
}

/**
 * The process's fs as WASI uses it. WASI opens directories (every preopen is one), which Linux allows and the
 * runtime's file descriptors, made for files, do not: a directory gets a descriptor of its own here. WASI also
 * asks for BigInt stats, which the runtime's fs does not make.
 */
export function wasiFs(fs: SyncFs): SyncFs {
  const directories = new Map<number, unknown>();
  let next = 0x40000000;
  const isDirectory = (path: unknown) => {
    try {
      return fs.statSync(path).isDirectory();
    } catch {
      return false;
    }
  };
  const overrides: Partial<SyncFs> = {
    openSync(path, flags, mode) {
      if (!isDirectory(path)) return fs.openSync(path, flags, mode);
      directories.set(next, path);
      return next++;
    },
    closeSync(fd) {
      if (!directories.delete(fd)) fs.closeSync(fd);
    },
    fstatSync(fd, options) {
      return bigintStats(directories.has(fd) ? fs.statSync(directories.get(fd), options) : fs.fstatSync(fd, options), options);
    },
    statSync: (path, options) => bigintStats(fs.statSync(path, options), options) as ReturnType<SyncFs['statSync']>,
    lstatSync: (path, options) => bigintStats(fs.lstatSync(path, options), options),
  };
  return new Proxy(fs, {
    get: (target, key, receiver) => (key in overrides ? overrides[key as keyof SyncFs] : Reflect.get(target, key, receiver)),
  });
}

const BINDING_NAMES: Record<string, string> = { unstable: 'wasi_unstable', preview1: 'wasi_snapshot_preview1' };

function stringEnv(env: Record<string, string | undefined> | undefined): Record<string, string> | undefined {
  if (!env) return undefined;
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function wasiModule(parts: WasiParts): Record<string, unknown> {
  class WASI {
    readonly wasiImport: Record<string, unknown>;
    private readonly inner: WasiPolyfill;
    private readonly bindingName: string;

    constructor(options: WasiOptions = {}) {
      if (typeof options !== 'object' || options === null) throw invalidArgType('options', 'of type object', options);
      if (typeof options.version !== 'string') throw invalidArgType('options.version', 'of type string', options.version);
      const bindingName = BINDING_NAMES[options.version];
      if (!bindingName) throw invalidArgValue('options.version', options.version, "must be one of: 'unstable', 'preview1'");
      this.bindingName = bindingName;
      this.inner = new WasiPolyfill({
        version: options.version as 'unstable' | 'preview1',
        args: options.args?.map(String),
        env: stringEnv(options.env),
        preopens: options.preopens,
        returnOnExit: options.returnOnExit ?? true,
        fs: wasiFs(parts.fs as SyncFs) as never,
        print: (text) => parts.write(`${text}\n`),
        printErr: (text) => parts.writeError(`${text}\n`),
      });
      this.wasiImport = this.inner.wasiImport;
      // Without returnOnExit, proc_exit ends the process as it does in Node; the polyfill would call the
      // global `process.exit`, which in a worker is the right process, but the process's own exit is certain.
      if (options.returnOnExit === false) this.wasiImport.proc_exit = (code: number) => parts.exit(code);
    }

    getImportObject(): Record<string, Record<string, unknown>> {
      return { [this.bindingName]: this.wasiImport };
    }

    start(instance: WebAssembly.Instance): number | undefined {
      return this.inner.start(instance) as number | undefined;
    }

    initialize(instance: WebAssembly.Instance): void {
      void this.inner.initialize(instance);
    }
  }
  return { WASI };
}
