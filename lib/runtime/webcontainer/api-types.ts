/**
 * The part of `@webcontainer/api` the adapter uses, written structurally so tests can hand in a fake.
 * The real module is checked against it at the bottom of this file, so the two cannot drift apart.
 */
import type {
  BootOptions,
  DirEnt,
  ErrorListener,
  FileSystemTree,
  PortListener,
  PreviewScriptOptions,
  PreviewMessageListener,
  ServerReadyListener,
  SpawnOptions,
  Unsubscribe,
  WebContainerProcess,
} from '@webcontainer/api';

export type { BootOptions, FileSystemTree, WebContainerProcess };

export interface WebContainerFsLike {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<string>;
  readdir(path: string, options: { withFileTypes: true }): Promise<DirEnt<string>[]>;
  rm(path: string, options: { recursive?: boolean; force?: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /**
   * Returns at once, but the watch is registered inside the container later (the real client sends it over
   * a message port and keeps no promise for it): changes made meanwhile by processes are not reported.
   */
  watch(path: string, options: { recursive?: boolean }, listener: (event: 'rename' | 'change', filename: string | Uint8Array) => void): { close(): void };
}

export interface WebContainerLike {
  readonly fs: WebContainerFsLike;
  /** The container's absolute path of the project folder, which `fs` and `spawn({ cwd })` resolve against. */
  readonly workdir: string;
  spawn(command: string, args: string[], options?: SpawnOptions): Promise<WebContainerProcess>;
  export(path: string, options: { format: 'json'; excludes?: string[] }): Promise<FileSystemTree>;
  on(event: 'port', listener: PortListener): Unsubscribe;
  on(event: 'server-ready', listener: ServerReadyListener): Unsubscribe;
  on(event: 'preview-message', listener: PreviewMessageListener): Unsubscribe;
  /** Internal errors of the running container (the docs name blocked third-party cookies as one cause). */
  on(event: 'error', listener: ErrorListener): Unsubscribe;
  /** Writes a whole tree in one call (one message to the container instead of one per file). */
  mount(tree: FileSystemTree): Promise<void>;
  /**
   * Injects an inline script into every preview HTML response loaded afterwards. Despite the parameter's
   * name, the argument is the script's code (the docs' example passes JavaScript text), not a URL.
   */
  setPreviewScript(scriptSrc: string, options?: PreviewScriptOptions): Promise<void>;
  teardown(): void;
}

/** What `bootWebContainerRuntime` needs from the module: `typeof import('@webcontainer/api')` fits. */
export interface WebContainerApi {
  WebContainer: { boot(options: BootOptions): Promise<WebContainerLike> };
  /** Sets the API key for the frame; the real one throws once boot() was ever called on the page. */
  configureAPIKey(key: string): void;
}

// Compile-time proof that the real package satisfies the structural type above.
type Expect<T extends true> = T;
export type RealApiFits = Expect<typeof import('@webcontainer/api') extends WebContainerApi ? true : false>;
