/**
 * A fake of `@webcontainer/api` for unit tests: same call shapes as the real module, an in-memory
 * file system, scripted processes and an event emitter, and a log of every call the adapter makes.
 * Where the real module refuses or loses something, so does the fake; each such place says which real
 * behaviour it stands for.
 */
import type {
  BootOptions,
  ErrorListener,
  FileSystemTree,
  PortListener,
  PreviewMessageListener,
  PreviewScriptOptions,
  ServerReadyListener,
  SpawnOptions,
  Unsubscribe,
} from '@webcontainer/api';
import type { WebContainerApi, WebContainerLike } from '@/lib/runtime/webcontainer/api-types';
import { runJsh } from './fake-jsh';
import { FakeProcess, type FakeProcessOptions } from './fake-process';
import { startProgram, type JobContext } from './fake-programs';
import { MemoryFs, RELEASED_MESSAGE } from './memory-fs';

export { RELEASED_MESSAGE } from './memory-fs';

interface FakeCall {
  method: string;
  args: unknown[];
}

/** Minimal glob → RegExp: `**` spans folders, `*` stays within one. Enough for export excludes. */
function globToRegExp(glob: string): RegExp {
  const body = glob
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body}$`);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The real JSON export hands text files back as strings and only binary files as bytes (its wire format marks
 * those with a flag); which files count as text is not documented, so here it is "valid UTF-8".
 */
function exportedContents(data: Uint8Array): string | Uint8Array {
  try {
    return strictUtf8.decode(data);
  } catch {
    return data.slice();
  }
}

class FakeWebContainer implements WebContainerLike {
  readonly calls: FakeCall[] = [];
  readonly fs: MemoryFs;
  readonly spawned: FakeProcess[] = [];
  readonly workdir = '/home/project';
  tornDown = false;
  /** The preview script as the container would inject it (the last one set). */
  previewScript: string | null = null;
  private readonly listeners = {
    port: new Set<PortListener>(),
    'server-ready': new Set<ServerReadyListener>(),
    'preview-message': new Set<PreviewMessageListener>(),
    error: new Set<ErrorListener>(),
  };

  constructor(
    private readonly processOptions: FakeProcessOptions,
    private readonly onTeardown: () => void,
    /** See FakeApiOptions. */
    private readonly nodeImport: boolean,
  ) {
    this.fs = new MemoryFs((method, args) => this.calls.push({ method, args }));
  }

  async spawn(command: string, args: string[], options?: SpawnOptions): Promise<FakeProcess> {
    this.live();
    this.calls.push({ method: 'spawn', args: [command, args, options] });
    const process = new FakeProcess(command, args, options, this.processOptions);
    this.spawned.push(process);
    const ctx: JobContext = {
      fs: this.fs,
      cwd: options?.cwd ?? '.',
      env: options?.env ?? {},
      nodeImport: this.nodeImport,
      print: (text) => process.print(text),
      // A server that starts listening: the real container reports the port and then that it serves.
      openPort: (port) => {
        this.emitPort(port, 'open', `https://${port}.fake-preview.test`);
        this.emitServerReady(port, `https://${port}.fake-preview.test`);
      },
      closePort: (port) => {
        if (!this.tornDown) this.emitPort(port, 'close', `https://${port}.fake-preview.test`);
      },
    };
    // The real spawn() resolves before the program's output flows.
    setTimeout(() => {
      if (command === 'jsh') return runJsh(process, ctx);
      const job = startProgram(command, args, ctx);
      process.listen((data) => job.input(data));
      void job.done.then((code) => process.end(code));
    }, 0);
    return process;
  }

  async mount(tree: FileSystemTree): Promise<void> {
    this.live();
    this.calls.push({ method: 'mount', args: [tree] });
    const write = async (node: FileSystemTree, base: string): Promise<void> => {
      for (const [name, entry] of Object.entries(node)) {
        const path = base ? `${base}/${name}` : name;
        if ('directory' in entry) {
          await this.fs.mkdir(path, { recursive: true });
          await write(entry.directory, path);
        } else if ('contents' in entry.file) {
          await this.fs.writeFile(path, entry.file.contents);
        }
      }
    };
    await write(tree, '');
  }

  async export(path: string, options: { format: 'json'; excludes?: string[] }): Promise<FileSystemTree> {
    this.live();
    this.calls.push({ method: 'export', args: [path, options] });
    // The real client's words, from its JSON conversion (the container serializes a file without a folder).
    if (this.fs.lookup(this.fs.segments(path))?.kind === 'file') {
      throw new Error('It is not possible to export a single file in the JSON format.');
    }
    const excludes = (options.excludes ?? []).map(globToRegExp);
    const build = (segments: string[], relative: string): FileSystemTree => {
      const node = this.fs.lookup(segments);
      const tree: FileSystemTree = {};
      if (node?.kind !== 'dir') return tree;
      for (const [name, child] of node.children) {
        const rel = relative ? `${relative}/${name}` : name;
        if (child.kind === 'file') {
          if (!excludes.some((re) => re.test(rel))) tree[name] = { file: { contents: exportedContents(child.data) } };
        } else {
          const sub = build([...segments, name], rel);
          if (Object.keys(sub).length > 0) tree[name] = { directory: sub };
        }
      }
      return tree;
    };
    return build(this.fs.segments(path), '');
  }

  on(event: 'port', listener: PortListener): Unsubscribe;
  on(event: 'server-ready', listener: ServerReadyListener): Unsubscribe;
  on(event: 'preview-message', listener: PreviewMessageListener): Unsubscribe;
  on(event: 'error', listener: ErrorListener): Unsubscribe;
  on(
    event: 'port' | 'server-ready' | 'preview-message' | 'error',
    listener: PortListener | ServerReadyListener | PreviewMessageListener | ErrorListener,
  ): Unsubscribe {
    // The real on() calls the released instance proxy, which throws at once.
    this.live();
    this.calls.push({ method: 'on', args: [event] });
    // The overloads above guarantee the listener matches its event.
    const set = this.listeners[event] as Set<typeof listener>;
    set.add(listener);
    return () => set.delete(listener);
  }

  emitPort(port: number, type: 'open' | 'close', url: string) {
    for (const listener of this.listeners.port) listener(port, type, url);
  }

  emitServerReady(port: number, url: string) {
    for (const listener of this.listeners['server-ready']) listener(port, url);
  }

  /** Takes `unknown`: previews can post anything, and the adapter must cope. */
  emitPreviewMessage(message: unknown) {
    for (const listener of this.listeners['preview-message']) (listener as (m: unknown) => void)(message);
  }

  emitError(message: string) {
    for (const listener of this.listeners.error) listener({ message });
  }

  listenerCount(event: keyof FakeWebContainer['listeners']): number {
    return this.listeners[event].size;
  }

  /**
   * The real container puts the argument into an inline script tag of every preview page: it is code, and
   * code that does not parse never runs. (A URL does parse, as a label and a comment, and does nothing; the
   * tests check what the script does, with `runPreviewScript`.)
   */
  async setPreviewScript(scriptSrc: string, options?: PreviewScriptOptions): Promise<void> {
    this.live();
    this.calls.push({ method: 'setPreviewScript', args: options ? [scriptSrc, options] : [scriptSrc] });
    try {
      new Function(scriptSrc);
    } catch (error) {
      throw new Error(`preview script is not JavaScript: ${(error as Error).message}`);
    }
    this.previewScript = scriptSrc;
  }

  /**
   * After teardown the real client releases its proxies: processes stop talking and their exit promises never
   * settle, watches stop, and every later call (fs, on, spawn, export, mount) throws RELEASED_MESSAGE.
   */
  teardown() {
    if (this.tornDown) throw new Error('WebContainer already torn down');
    this.tornDown = true;
    this.calls.push({ method: 'teardown', args: [] });
    for (const process of this.spawned) process.vanish();
    this.fs.release();
    for (const set of Object.values(this.listeners)) set.clear();
    this.onTeardown();
  }

  private live() {
    if (this.tornDown) throw new Error(RELEASED_MESSAGE);
  }
}

export interface FakeApiOptions {
  /** boot() waits until releaseBoot() is called (models the offline hang). */
  hangBoot?: boolean;
  /** boot() rejects with this message. */
  failBoot?: string;
  /** See FakeProcessOptions; defaults to true. */
  exitOnKill?: boolean;
  /** Whether the container's Node takes `--import` in NODE_OPTIONS (see JobContext); defaults to true. */
  nodeImport?: boolean;
}

export function createFakeWebContainerApi(options: FakeApiOptions = {}) {
  const bootCalls: BootOptions[] = [];
  const instances: FakeWebContainer[] = [];
  /** Keys configured, in order; the real module puts the last one into its frame's address as `client_id`. */
  const apiKeys: string[] = [];
  let bootCalled = false;
  let busy = false;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));

  const api: WebContainerApi = {
    WebContainer: {
      async boot(bootOptions: BootOptions): Promise<FakeWebContainer> {
        bootCalls.push(bootOptions);
        bootCalled = true;
        // Stricter than the real module (which queues): a second boot() means the adapter failed to share.
        if (busy) throw new Error('Only a single WebContainer instance can be booted');
        busy = true;
        try {
          if (options.hangBoot) await gate;
          if (options.failBoot) throw new Error(options.failBoot);
        } catch (error) {
          busy = false;
          throw error;
        }
        const wc = new FakeWebContainer({ exitOnKill: options.exitOnKill ?? true }, () => (busy = false), options.nodeImport ?? true);
        instances.push(wc);
        return wc;
      },
    },
    // The real module's check and words.
    configureAPIKey(key: string) {
      if (bootCalled) throw new Error('`configureAPIKey` should always be called before `WebContainer.boot`');
      apiKeys.push(key);
    },
  };

  return {
    api,
    bootCalls,
    apiKeys,
    instances,
    releaseBoot: () => release(),
    /** The most recently booted container. */
    get wc(): FakeWebContainer {
      const wc = instances.at(-1);
      if (!wc) throw new Error('no fake WebContainer booted yet');
      return wc;
    },
  };
}
