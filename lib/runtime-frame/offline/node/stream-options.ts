/**
 * Node's stream construction for almostnode's stream classes: their constructors ignore options and their
 * `write()` never calls `_write`, so `new Writable({ write })`, subclasses with `_write`/`_final`, and
 * transforms fed through `pipe` lose their data or never end. These subclasses add what Node does: options
 * become the underscore methods, writes go through `_write` one at a time, `end()` runs `_final` and then
 * emits 'finish' and 'close', and a Transform ends its readable side after `_flush`.
 */
type AnyFunction = (...args: unknown[]) => unknown;
// TypeScript only lets a class extend a generic base whose constructor takes `any[]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = new (...args: any[]) => object;
interface BufferClass {
  from(text: string, encoding?: string): unknown;
}

interface Pending {
  chunk: unknown;
  encoding: string;
  callback?: AnyFunction;
}

const OPTION_METHODS: Record<string, string> = {
  write: '_write',
  final: '_final',
  read: '_read',
  transform: '_transform',
  flush: '_flush',
  destroy: '_destroy',
};

interface NodeStream {
  _write?: (chunk: unknown, encoding: string, callback: (error?: unknown) => void) => void;
  _final?: (callback: (error?: unknown) => void) => void;
  _flush?: (callback: (error?: unknown, data?: unknown) => void) => void;
  emit(event: string, ...args: unknown[]): boolean;
  push?(chunk: unknown): boolean;
  writableEnded?: boolean;
  writableFinished?: boolean;
  writable?: boolean;
}

export function withStreamOptions<T extends Constructor>(Base: T, Buffer: BufferClass, transform = false): T {
  const baseEnd = (transform ? Object.getPrototypeOf(Base.prototype) : Base.prototype).end as AnyFunction;
  const baseWrite = Base.prototype.write as AnyFunction;
  const state = new WeakMap<object, { queue: Pending[]; writing: boolean; ending: AnyFunction[] | null; objectMode: boolean }>();

  const finish = (stream: NodeStream, callbacks: AnyFunction[]) => {
    const done = (error?: unknown) => {
      if (error) {
        stream.emit('error', error);
        return;
      }
      baseEnd.call(stream, () => {
        for (const callback of callbacks) callback();
        queueMicrotask(() => stream.emit('close'));
      });
    };
    if (typeof stream._final === 'function') stream._final(done);
    else done();
  };

  const drain = (stream: NodeStream) => {
    const own = state.get(stream);
    if (!own) return;
    const next = own.queue.shift();
    if (!next) {
      own.writing = false;
      if (own.ending) finish(stream, own.ending);
      return;
    }
    own.writing = true;
    stream._write?.(next.chunk, next.encoding, (error?: unknown) => {
      next.callback?.(error ?? null);
      if (error) stream.emit('error', error);
      else drain(stream);
    });
  };

  const Subclass = class extends Base {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      const options = args[0];
      const self = this as unknown as Record<string, unknown>;
      if (options && typeof options === 'object') {
        for (const [option, method] of Object.entries(OPTION_METHODS)) {
          const value = (options as Record<string, unknown>)[option];
          if (typeof value === 'function') self[method] = value;
        }
      }
      const objectMode = Boolean(
        options && typeof options === 'object' && ((options as Record<string, unknown>).objectMode || (options as Record<string, unknown>).writableObjectMode),
      );
      state.set(this, { queue: [], writing: false, ending: null, objectMode });
    }

    write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
      const stream = this as unknown as NodeStream;
      const own = state.get(this);
      if (typeof stream._write !== 'function' || !own) return baseWrite.call(this, chunk, encoding, callback) as boolean;
      const done = (typeof encoding === 'function' ? encoding : callback) as AnyFunction | undefined;
      const named = typeof encoding === 'string' ? encoding : 'utf8';
      const asBuffer = typeof chunk === 'string' && !own.objectMode;
      own.queue.push({ chunk: asBuffer ? Buffer.from(chunk, named) : chunk, encoding: asBuffer ? 'buffer' : named, callback: done });
      if (!own.writing) drain(stream);
      return true;
    }

    end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
      const stream = this as unknown as NodeStream;
      const own = state.get(this);
      const done = [chunk, encoding, callback].find((value) => typeof value === 'function') as AnyFunction | undefined;
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') this.write(chunk, typeof encoding === 'string' ? encoding : undefined);
      if (transform) {
        const flushed = (error?: unknown, data?: unknown) => {
          if (error) stream.emit('error', error);
          if (data !== undefined && data !== null) stream.push?.(data);
          stream.push?.(null);
        };
        if (typeof stream._flush === 'function') stream._flush(flushed);
        else flushed();
        baseEnd.call(this, done);
        return this;
      }
      if (typeof stream._write !== 'function' || !own) {
        baseEnd.call(this, done);
        return this;
      }
      if (own.ending) return this;
      own.ending = done ? [done] : [];
      if (!own.writing) finish(stream, own.ending);
      return this;
    }
  };
  return Subclass as unknown as T;
}
