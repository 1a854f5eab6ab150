/**
 * A whole Runtime for workspace tests: the port's fs is the real WebContainer fs adapter over the in-memory
 * `MemoryFs` (so paths, parents, recursive rm and watch events behave like the adapter the app ships), plus
 * hand-fired port and server events. Processes are not modelled: workspace code never spawns.
 */
import type { PortEvent, PreviewError, Runtime, RuntimeProcess } from '@/lib/runtime/port';
import { createWebContainerFs } from '@/lib/runtime/webcontainer/fs';
import type { FileContent, PersistedState, PersistenceSink } from '@/lib/workspace/types';
import { MemoryFs } from './memory-fs';

export interface MemoryRuntime extends Runtime {
  /** The raw in-memory fs, for writing "behind the store's back" like a shell would. */
  readonly memory: MemoryFs;
  emitPort(event: PortEvent): void;
  emitServerReady(port: number, url: string): void;
}

export function createMemoryRuntime(files: Record<string, string | Uint8Array> = {}): Promise<MemoryRuntime> {
  // The store's tests are about the store: watches register at once here (webcontainer-watch tests cover the lag).
  const memory = new MemoryFs(undefined, 'immediate');
  const fs = createWebContainerFs(memory);
  const portListeners = new Set<(event: PortEvent) => void>();
  const readyListeners = new Set<(port: number, url: string) => void>();
  const errorListeners = new Set<(error: PreviewError) => void>();
  const subscribe = <T>(set: Set<T>, listener: T) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  const runtime: MemoryRuntime = {
    kind: 'offline',
    fs,
    memory,
    spawn: () => Promise.reject(new Error('memory runtime: spawn is not modelled')),
    shell: () => Promise.reject(new Error('memory runtime: shell is not modelled')),
    processes: (): readonly RuntimeProcess[] => [],
    killAll: async () => undefined,
    onPort: (listener) => subscribe(portListeners, listener),
    onServerReady: (listener) => subscribe(readyListeners, listener),
    onPreviewError: (listener) => subscribe(errorListeners, listener),
    onProcessExit: () => () => undefined,
    export: async () => ({}),
    dispose: () => undefined,
    emitPort: (event) => portListeners.forEach((listener) => listener(event)),
    emitServerReady: (port, url) => readyListeners.forEach((listener) => listener(port, url)),
  };
  return (async () => {
    for (const [path, content] of Object.entries(files)) await fs.writeFile(path, content);
    return runtime;
  })();
}

/** A PersistenceSink that records every call, and can fail on demand (quota). */
export class RecordingSink implements PersistenceSink {
  readonly files = new Map<string, FileContent>();
  readonly puts: string[] = [];
  readonly deletes: string[] = [];
  readonly states: PersistedState[] = [];
  flushes = 0;
  private readonly errorListeners = new Set<(message: string) => void>();

  putFile(path: string, content: FileContent): void {
    this.puts.push(path);
    this.files.set(path, content);
  }

  deletePath(path: string): void {
    this.deletes.push(path);
    for (const key of [...this.files.keys()]) if (key === path || key.startsWith(`${path}/`)) this.files.delete(key);
  }

  putState(state: PersistedState): void {
    this.states.push(state);
  }

  get lastState(): PersistedState | undefined {
    return this.states.at(-1);
  }

  async flush(): Promise<void> {
    this.flushes++;
  }

  onError(listener: (message: string) => void): () => void {
    this.errorListeners.add(listener);
    return () => void this.errorListeners.delete(listener);
  }

  fail(message: string): void {
    this.errorListeners.forEach((listener) => listener(message));
  }
}
