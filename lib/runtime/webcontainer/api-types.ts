/**
 * The part of `@webcontainer/api` the adapter uses, written structurally so tests can hand in a fake.
 * The real module is checked against it at the bottom of this file, so the two cannot drift apart.
 */
import type {
  BootOptions,
  DirEnt,
  FileSystemTree,
  PortListener,
  PreviewScriptOptions,
  PreviewMessageListener,
  ServerReadyListener,
  SpawnOptions,
  Unsubscribe,
  WebContainerProcess,
} from '@webcontainer/api';

export type { BootOptions, FileSystemTree, PreviewScriptOptions, SpawnOptions, WebContainerProcess };

export interface WebContainerFsLike {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<string>;
  readdir(path: string, options: { withFileTypes: true }): Promise<DirEnt<string>[]>;
  rm(path: string, options: { recursive?: boolean; force?: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  watch(
    path: string,
    options: { recursive?: boolean },
    listener: (event: 'rename' | 'change', filename: string | Uint8Array) => void,
  ): { close(): void };
}

export interface WebContainerLike {
  readonly fs: WebContainerFsLike;
  spawn(command: string, args: string[], options?: SpawnOptions): Promise<WebContainerProcess>;
  export(path: string, options: { format: 'json'; excludes?: string[] }): Promise<FileSystemTree>;
  on(event: 'port', listener: PortListener): Unsubscribe;
  on(event: 'server-ready', listener: ServerReadyListener): Unsubscribe;
  on(event: 'preview-message', listener: PreviewMessageListener): Unsubscribe;
  /** Injects a script tag into every preview HTML response loaded afterwards (the computer-use bridge). */
  setPreviewScript(scriptSrc: string, options?: PreviewScriptOptions): Promise<void>;
  teardown(): void;
}

/** What `bootWebContainerRuntime` needs from the module: `typeof import('@webcontainer/api')` fits. */
export interface WebContainerApi {
  WebContainer: { boot(options: BootOptions): Promise<WebContainerLike> };
}

// Compile-time proof that the real package satisfies the structural type above.
type Expect<T extends true> = T;
export type RealApiFits = Expect<typeof import('@webcontainer/api') extends WebContainerApi ? true : false>;
