/**
 * fs.watch as Node's: an FSWatcher that is an EventEmitter ('change' with the event type and the file name,
 * 'close'), names in the encoding asked for ('buffer' gives Buffers), closed by an AbortSignal; and
 * fs.promises.watch, an async iterator of `{ eventType, filename }` that ends with AbortError when its signal
 * aborts. Both sit on the file system's own watch, which reports names relative to the watched folder.
 */
type Listener = (eventType: string, filename: unknown) => void;

interface RawWatcher {
  close(): void;
}

interface Emitter {
  emit(event: string, ...args: unknown[]): boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

interface WatchOptions {
  persistent?: boolean;
  recursive?: boolean;
  encoding?: string;
  signal?: AbortSignal;
}

interface WatchParts {
  EventEmitter: new () => Emitter;
  Buffer: { from(text: string): Uint8Array & { toString(encoding: string): string } };
}

const abortError = (cause: unknown) => Object.assign(new Error('The operation was aborted', { cause }), { name: 'AbortError', code: 'ABORT_ERR' });

function optionsOf(value: unknown): WatchOptions {
  if (typeof value === 'string') return { encoding: value };
  return typeof value === 'object' && value !== null ? (value as WatchOptions) : {};
}

export function addWatch(fs: Record<string, unknown>, parts: WatchParts): void {
  const rawWatch = fs.watch as (path: unknown, options: unknown, listener: (eventType: string, filename: string | null) => void) => RawWatcher;
  const name = (filename: string | null, encoding?: string): unknown => {
    if (filename === null || !encoding || /^utf-?8$/i.test(encoding)) return filename;
    const bytes = parts.Buffer.from(filename);
    return encoding === 'buffer' ? bytes : bytes.toString(encoding);
  };

  class FSWatcher extends parts.EventEmitter {
    #raw: RawWatcher | null = null;
    start(filename: unknown, options: WatchOptions): void {
      this.#raw = rawWatch(filename, { recursive: Boolean(options.recursive) }, (eventType, filename) =>
        this.emit('change', eventType, name(filename, options.encoding)),
      );
    }
    close(): void {
      if (!this.#raw) return;
      this.#raw.close();
      this.#raw = null;
      queueMicrotask(() => this.emit('close'));
    }
    ref(): this {
      return this;
    }
    unref(): this {
      return this;
    }
  }

  fs.watch = (filename: unknown, optionsOrListener?: unknown, maybeListener?: unknown) => {
    const listener = (typeof optionsOrListener === 'function' ? optionsOrListener : maybeListener) as Listener | undefined;
    const options = optionsOf(optionsOrListener);
    const watcher = new FSWatcher();
    watcher.start(filename, options);
    if (listener) watcher.on('change', listener as never);
    const { signal } = options;
    if (signal?.aborted) queueMicrotask(() => watcher.close());
    else signal?.addEventListener('abort', () => watcher.close(), { once: true });
    return watcher;
  };
  fs.FSWatcher = FSWatcher;

  (fs.promises as Record<string, unknown>).watch = async function* watch(filename: unknown, rawOptions?: unknown) {
    const options = optionsOf(rawOptions);
    const { signal } = options;
    if (signal?.aborted) throw abortError(signal.reason);
    const queue: { eventType: string; filename: unknown }[] = [];
    let wake: (() => void) | undefined;
    const raw = rawWatch(filename, { recursive: Boolean(options.recursive) }, (eventType, filename) => {
      queue.push({ eventType, filename: name(filename, options.encoding) });
      wake?.();
    });
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort);
    try {
      for (;;) {
        if (signal?.aborted) throw abortError(signal.reason);
        const next = queue.shift();
        if (next) yield next;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      raw.close();
      signal?.removeEventListener('abort', onAbort);
    }
  };
}
