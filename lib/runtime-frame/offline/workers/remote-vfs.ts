/**
 * The file system as a node process in a worker sees it: almostnode's VirtualFS stays in the runtime frame
 * (the shell, npm, git, watchers and the IDE's sync use it there), and every synchronous method call crosses
 * the synchronous channel, so `fs.readFileSync` keeps its semantics. The callback forms almostnode's VirtualFS
 * also has are the synchronous ones answered a task later; `watch` is a subscription over messages.
 *
 * Module loading probes many paths under node_modules (resolution, package.json lookups): answers for reads
 * there are kept for the life of the process, and dropped whenever the process writes anything or one of its
 * child processes ends (an `npm install` it ran may have changed them).
 */
import type { VirtualFS } from 'almostnode';
import { afterIo } from '../node/after-io';
import { decodeAnswer } from './wire';

export interface VfsCall {
  op: 'vfs';
  method: string;
  args: unknown[];
}

interface RemoteVfsParts {
  /** One synchronous call to the frame; the encoded answer (see wire.ts). */
  call(body: VfsCall): Uint8Array;
  /** Starts watching in the frame; events arrive on `listener` until the returned function is called. */
  watch(path: string, options: unknown, listener: (eventType: string, filename: string | null) => void): () => void;
}

const READS = new Set(['existsSync', 'statSync', 'lstatSync', 'readFileSync', 'readdirSync', 'realpathSync', 'accessSync', 'readlinkSync']);
const CALLBACK_FORMS = new Set(['readFile', 'stat', 'lstat', 'readdir', 'realpath', 'access']);
/** Paths in a node_modules folder, and the folders themselves (resolution asks whether a folder has one). */
const CACHED_PATH = /\/node_modules(?:\/|$)/;
/** As VirtualFS decodes text (its own default TextDecoder), so a file reads the same here as in the frame. */
const TEXT = new TextDecoder();
const isUtf8 = (encoding: unknown) => encoding === 'utf8' || encoding === 'utf-8';

interface RemoteVfs {
  vfs: VirtualFS;
  /** Forgets every kept answer. */
  invalidate(): void;
}

export function createRemoteVfs(parts: RemoteVfsParts): RemoteVfs {
  const kept = new Map<string, Uint8Array>();
  const syncCall = (method: string, args: unknown[]): unknown => {
    // Text is decoded here from the file's bytes: asked for as text, the frame would decode the file, then
    // escape and encode it again for the wire (a 9 MB compiler file cost its thread a second or more).
    if (method === 'readFileSync' && args.length === 2 && isUtf8(args[1])) return TEXT.decode(syncCall(method, [args[0]]) as Uint8Array);
    const cacheable = READS.has(method) && typeof args[0] === 'string' && CACHED_PATH.test(args[0]);
    if (!READS.has(method)) kept.clear();
    const key = cacheable ? `${method}\0${JSON.stringify(args)}` : '';
    let answer = cacheable ? kept.get(key) : undefined;
    if (!answer) {
      answer = parts.call({ op: 'vfs', method, args });
      if (cacheable) kept.set(key, answer);
    }
    return decodeAnswer(answer);
  };
  const callbackForm =
    (method: string) =>
    (...args: unknown[]) => {
      const callback = typeof args[args.length - 1] === 'function' ? (args.pop() as (error: unknown, value?: unknown) => void) : undefined;
      // Node's callback forms never call back synchronously.
      afterIo(() => {
        let value: unknown;
        try {
          // VirtualFS's readFile takes `{ encoding }` where its readFileSync takes the encoding itself.
          const rest = args.map((arg) =>
            method === 'readFile' && arg && typeof arg === 'object' && 'encoding' in arg ? (arg as { encoding: unknown }).encoding : arg,
          );
          value = syncCall(`${method}Sync`, rest);
        } catch (error) {
          callback?.(error);
          return;
        }
        callback?.(null, value);
      });
    };
  const watch = (path: string, optionsOrListener?: unknown, maybeListener?: unknown) => {
    const listener = (typeof optionsOrListener === 'function' ? optionsOrListener : maybeListener) as
      ((eventType: string, filename: string | null) => void) | undefined;
    const options = typeof optionsOrListener === 'object' ? optionsOrListener : undefined;
    const stop = parts.watch(path, options, (eventType, filename) => listener?.(eventType, filename));
    const watcher = { close: stop, ref: () => watcher, unref: () => watcher };
    return watcher;
  };
  const target = {} as Record<string | symbol, unknown>;
  const vfs: VirtualFS = new Proxy(target, {
    get(_target, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      if (name === 'watch') return watch;
      // Change and delete events are almostnode's way of mirroring a VirtualFS into its own workers.
      if (name === 'on' || name === 'off') return () => vfs;
      if (CALLBACK_FORMS.has(name)) return callbackForm(name);
      return (...args: unknown[]) => syncCall(name, args);
    },
  }) as unknown as VirtualFS;
  return { vfs, invalidate: () => kept.clear() };
}
