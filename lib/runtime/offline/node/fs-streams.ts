/**
 * fs.createReadStream / fs.createWriteStream as real streams. almostnode's are stand-ins (its read stream's
 * `pipe` does nothing and ignores `start`/`end`; its write stream cannot be piped into), and static servers
 * send every file through them.
 */
type Constructor = new (...args: unknown[]) => Record<string, unknown>;

interface FsLike {
  readFileSync(path: string): Uint8Array & { subarray(start?: number, end?: number): Uint8Array };
  writeFileSync(path: string, data: Uint8Array): void;
  existsSync(path: string): boolean;
}

interface ReadOptions {
  start?: number;
  end?: number;
  highWaterMark?: number;
  flags?: string;
  encoding?: string;
}

const CHUNK = 64 * 1024;

function options<T extends object>(value: unknown): T {
  return (typeof value === 'string' ? { encoding: value } : (value ?? {})) as T;
}

export interface BufferClass {
  concat(list: Uint8Array[]): Uint8Array;
  from(buffer: ArrayBufferLike, offset: number, length: number): Uint8Array;
  from(text: string): Uint8Array;
}

export function addFsStreams(fs: Record<string, unknown>, stream: Record<string, unknown>, Buffer: BufferClass): void {
  const files = fs as unknown as FsLike;
  const Readable = stream.Readable as Constructor;
  const Writable = stream.Writable as Constructor;

  class ReadStream extends Readable {
    constructor(path: string, rawOptions?: unknown) {
      super();
      const opts = options<ReadOptions>(rawOptions);
      Object.assign(this, { path, bytesRead: 0, pending: true, flags: opts.flags ?? 'r', fd: null, closed: false });
      setTimeout(() => {
        if (this.destroyed) return;
        let data: Uint8Array;
        try {
          const whole = files.readFileSync(path);
          data = whole.subarray(opts.start ?? 0, opts.end === undefined ? undefined : opts.end + 1);
        } catch (error) {
          (this.destroy as (error: unknown) => void)(error);
          return;
        }
        Object.assign(this, { pending: false, fd: 3 });
        (this.emit as (event: string, ...args: unknown[]) => void)('open', 3);
        (this.emit as (event: string) => void)('ready');
        const size = opts.highWaterMark ?? CHUNK;
        for (let at = 0; at < data.length; at += size) {
          // Chunks are Buffers, as in Node (a bare Uint8Array would print as a list of numbers).
          const chunk = Buffer.from(data.buffer, data.byteOffset + at, Math.min(size, data.length - at));
          (this.push as (chunk: unknown) => void)(chunk);
        }
        this.bytesRead = data.length;
        (this.push as (chunk: null) => void)(null);
      }, 0);
      (this.on as (event: string, listener: () => void) => void)('end', () => setTimeout(() => this.close(), 0));
    }

    close(callback?: () => void): void {
      if (!this.closed) {
        this.closed = true;
        (this.emit as (event: string) => void)('close');
      }
      callback?.();
    }

    /** Idempotent, as in Node: servers call destroy() from their own 'close' listeners. */
    destroy(error?: unknown): this {
      if (this.destroyed) return this;
      this.destroyed = true;
      if (error) (this.emit as (event: string, error: unknown) => void)('error', error);
      this.close();
      return this;
    }
  }

  class WriteStream extends Writable {
    private readonly parts: Uint8Array[] = [];

    constructor(path: string, rawOptions?: unknown) {
      super();
      const opts = options<{ flags?: string }>(rawOptions);
      Object.assign(this, { path, bytesWritten: 0, pending: false, flags: opts.flags ?? 'w' });
      if (opts.flags?.startsWith('a') && files.existsSync(path)) this.parts.push(files.readFileSync(path));
      setTimeout(() => (this.emit as (event: string, fd: number) => void)('open', 3), 0);
      (this.on as (event: string, listener: () => void) => void)('finish', () => (this.emit as (event: string) => void)('close'));
    }

    write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array);
      this.parts.push(bytes);
      this.bytesWritten = (this.bytesWritten as number) + bytes.length;
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => done(null));
      return true;
    }

    end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
      if (typeof chunk === 'function') return this.end(undefined, undefined, chunk);
      if (chunk !== undefined && chunk !== null) this.write(chunk);
      files.writeFileSync(this.path as string, Buffer.concat(this.parts));
      (Writable.prototype.end as (callback?: unknown) => void).call(this, typeof encoding === 'function' ? encoding : callback);
      return this;
    }
  }

  Object.assign(fs, {
    ReadStream,
    WriteStream,
    createReadStream: (path: string, opts?: unknown) => new ReadStream(path, opts),
    createWriteStream: (path: string, opts?: unknown) => new WriteStream(path, opts),
  });
}
