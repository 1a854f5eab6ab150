/**
 * An in-memory stand-in for `wc.fs` with the real API's call shapes and Node-style errors
 * (ENOENT, EEXIST, EISDIR, ENOTDIR, ENOTEMPTY), so the adapter's own work — creating parents,
 * recursive rm, mapping paths — is what gets tested.
 */
import type { DirEnt } from '@webcontainer/api';
import type { WebContainerFsLike } from '@/lib/runtime/webcontainer/api-types';

const FAKE_WORKDIR = '/home/project';
/**
 * How long a watch takes to register. The real client sends the watch over a message port to the container's
 * worker and keeps no promise for it, so it is live only after a round trip, well after the next macrotask.
 */
export const WATCH_REGISTRATION_MS = 25;
/** What the real client's Comlink proxies throw once `teardown()` released them. */
export const RELEASED_MESSAGE = 'Proxy has been released and is not useable';

type Node = { kind: 'dir'; children: Map<string, Node> } | { kind: 'file'; data: Uint8Array };
type WatchListener = (event: 'rename' | 'change', filename: string) => void;

class FakeFsError extends Error {
  constructor(
    public readonly code: string,
    syscall: string,
    path: string,
  ) {
    super(`${code}: ${syscall} '${path}'`);
  }
}

const newDir = (): Node => ({ kind: 'dir', children: new Map() });
const encoder = new TextEncoder();

export class MemoryFs implements WebContainerFsLike {
  readonly root = newDir();
  private released = false;
  private readonly watchers = new Set<{ base: string[]; recursive: boolean; listener: WatchListener }>();

  constructor(
    private readonly log: (method: string, args: unknown[]) => void = () => undefined,
    /**
     * 'async' (the default) registers watches WATCH_REGISTRATION_MS late, as the real client does; 'immediate' is for
     * tests of code above the adapter that are not about the container's watch latency.
     */
    private readonly watchRegistration: 'async' | 'immediate' = 'async',
  ) {}

  /**
   * After `teardown()` every call throws as the real client's released proxy does: synchronously (the real
   * `rm` and `watch` call the proxy without an `await` in between), which the async methods turn into a
   * rejection.
   */
  release() {
    this.released = true;
    for (const watcher of this.watchers) this.watchers.delete(watcher);
  }

  private live() {
    if (this.released) throw new Error(RELEASED_MESSAGE);
  }

  /** Relative paths resolve against the workdir, like the real `wc.fs`. */
  segments(path: string): string[] {
    const absolute = path.startsWith('/') ? path : `${FAKE_WORKDIR}/${path}`;
    if (absolute !== FAKE_WORKDIR && !absolute.startsWith(`${FAKE_WORKDIR}/`)) {
      throw new FakeFsError('EACCES', 'open', path);
    }
    const out: string[] = [];
    for (const part of absolute.slice(FAKE_WORKDIR.length).split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') out.pop();
      else out.push(part);
    }
    return out;
  }

  lookup(segments: string[]): Node | undefined {
    let node: Node | undefined = this.root;
    for (const name of segments) {
      if (node?.kind !== 'dir') return undefined;
      node = node.children.get(name);
    }
    return node;
  }

  private parentDir(segments: string[], syscall: string, path: string): Map<string, Node> {
    const parent = this.lookup(segments.slice(0, -1));
    if (!parent) throw new FakeFsError('ENOENT', syscall, path);
    if (parent.kind !== 'dir') throw new FakeFsError('ENOTDIR', syscall, path);
    return parent.children;
  }

  private notify(segments: string[], event: 'rename' | 'change') {
    for (const { base, recursive, listener } of this.watchers) {
      const inside = base.every((name, i) => segments[i] === name) && segments.length > base.length;
      const direct = segments.length === base.length + 1;
      // Delivered later, like the real watcher, so callers cannot rely on synchronous events.
      if (inside && (recursive || direct)) queueMicrotask(() => listener(event, segments.slice(base.length).join('/')));
    }
  }

  async readFile(path: string): Promise<Uint8Array> {
    this.live();
    this.log('fs.readFile', [path]);
    const node = this.lookup(this.segments(path));
    if (!node) throw new FakeFsError('ENOENT', 'open', path);
    if (node.kind === 'dir') throw new FakeFsError('EISDIR', 'read', path);
    return node.data.slice();
  }

  async writeFile(path: string, data: string | Uint8Array): Promise<void> {
    this.live();
    this.log('fs.writeFile', [path, data]);
    const segments = this.segments(path);
    const children = this.parentDir(segments, 'open', path);
    const name = segments.at(-1);
    if (name === undefined || children.get(name)?.kind === 'dir') throw new FakeFsError('EISDIR', 'open', path);
    const existed = children.has(name);
    children.set(name, { kind: 'file', data: typeof data === 'string' ? encoder.encode(data) : data.slice() });
    this.notify(segments, existed ? 'change' : 'rename');
  }

  async mkdir(path: string, options?: { recursive?: boolean }): Promise<string> {
    this.live();
    this.log('fs.mkdir', [path, options]);
    const segments = this.segments(path);
    if (!options?.recursive) {
      const children = this.parentDir(segments, 'mkdir', path);
      const name = segments.at(-1);
      if (name === undefined || children.has(name)) throw new FakeFsError('EEXIST', 'mkdir', path);
      children.set(name, newDir());
      this.notify(segments, 'rename');
      return path;
    }
    let node: Node = this.root;
    for (const [i, name] of segments.entries()) {
      if (node.kind !== 'dir') throw new FakeFsError('ENOTDIR', 'mkdir', path);
      let next = node.children.get(name);
      if (!next) {
        next = newDir();
        node.children.set(name, next);
        this.notify(segments.slice(0, i + 1), 'rename');
      }
      node = next;
    }
    if (node.kind !== 'dir') throw new FakeFsError('EEXIST', 'mkdir', path);
    return path;
  }

  async readdir(path: string, options?: { withFileTypes?: boolean }): Promise<DirEnt<string>[]> {
    this.live();
    this.log('fs.readdir', [path, options]);
    // The adapter must ask for types; plain name lists would lose file/folder.
    if (!options?.withFileTypes) throw new Error('fake readdir: only { withFileTypes: true } is modelled');
    const node = this.lookup(this.segments(path));
    if (!node) throw new FakeFsError('ENOENT', 'scandir', path);
    if (node.kind !== 'dir') throw new FakeFsError('ENOTDIR', 'scandir', path);
    return [...node.children].map(([name, child]) => ({
      name,
      isFile: () => child.kind === 'file',
      isDirectory: () => child.kind === 'dir',
    }));
  }

  rm(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void> {
    this.live();
    return this.remove(path, options);
  }

  private async remove(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void> {
    this.log('fs.rm', [path, options]);
    const segments = this.segments(path);
    const node = this.lookup(segments);
    if (!node) {
      if (options?.force) return;
      throw new FakeFsError('ENOENT', 'rm', path);
    }
    if (node.kind === 'dir' && !options?.recursive) throw new FakeFsError('EISDIR', 'rm', path);
    const name = segments.at(-1);
    if (name === undefined) throw new FakeFsError('EPERM', 'rm', path);
    this.parentDir(segments, 'rm', path).delete(name);
    this.notify(segments, 'rename');
  }

  async rename(from: string, to: string): Promise<void> {
    this.live();
    this.log('fs.rename', [from, to]);
    const source = this.segments(from);
    const target = this.segments(to);
    const node = this.lookup(source);
    const sourceName = source.at(-1);
    const targetName = target.at(-1);
    if (!node || sourceName === undefined || targetName === undefined) throw new FakeFsError('ENOENT', 'rename', from);
    const targetDir = this.parentDir(target, 'rename', to);
    this.parentDir(source, 'rename', from).delete(sourceName);
    targetDir.set(targetName, node);
    this.notify(source, 'rename');
    this.notify(target, 'rename');
  }

  /**
   * Like the real client, returns a watcher at once but registers the watch later (the real one sends it
   * to the container and keeps no promise for it): changes in the first WATCH_REGISTRATION_MS are not reported.
   */
  watch(path: string, options: { recursive?: boolean }, listener: (event: 'rename' | 'change', filename: string | Uint8Array) => void): { close(): void } {
    this.live();
    this.log('fs.watch', [path, options]);
    const watcher = { base: this.segments(path), recursive: options.recursive === true, listener };
    let closed = false;
    if (this.watchRegistration === 'immediate') this.watchers.add(watcher);
    else
      setTimeout(() => {
        if (!closed && !this.released) this.watchers.add(watcher);
      }, WATCH_REGISTRATION_MS);
    return {
      close: () => {
        closed = true;
        this.watchers.delete(watcher);
      },
    };
  }

  /** How many watches are registered now, and on which folders (workdir-relative) and how. */
  activeWatches(): { path: string; recursive: boolean }[] {
    return [...this.watchers].map(({ base, recursive }) => ({ path: base.join('/') || '.', recursive }));
  }
}
