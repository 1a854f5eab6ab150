/**
 * Node's bridges between its streams and web streams — `Readable.fromWeb/toWeb`, `Writable.fromWeb/toWeb`,
 * `Duplex.fromWeb/toWeb` — which readable-stream declares but leaves to Node's internals (so `Duplex.from(new
 * ReadableStream(…))` and `Readable.fromWeb(response.body)` failed). Chunks pass as they are; ending, errors
 * and cancellation travel both ways, and a Node stream pauses while the web stream's queue is full.
 */
import { argTypeError } from './validators';

type AnyFunction = (...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type StreamClass = (new (options?: Record<string, unknown>) => any) & Record<string, unknown>;
interface NodeReadable {
  on(event: string, listener: AnyFunction): unknown;
  pause(): unknown;
  resume(): unknown;
  destroy(error?: unknown): unknown;
}
interface NodeWritable {
  write(chunk: unknown, callback: (error?: unknown) => void): boolean;
  end(callback: () => void): unknown;
  destroy(error?: unknown): unknown;
  on(event: string, listener: AnyFunction): unknown;
}
type Options = Record<string, unknown> | undefined;

const pick = (options: Options, names: string[]) =>
  Object.fromEntries(names.filter((name) => options?.[name] !== undefined).map((name) => [name, options?.[name]]));

/** The Node-stream side of a web reader: `read()` pulls the next chunk, destroying cancels the reader. */
function readerMethods(stream: ReadableStream) {
  const reader = stream.getReader();
  let done = false;
  return {
    read(this: { push(chunk: unknown): boolean; destroy(error: unknown): void }) {
      reader.read().then(
        (result) => {
          if (result.done) {
            done = true;
            this.push(null);
          } else this.push(result.value);
        },
        (error: unknown) => this.destroy(error),
      );
    },
    destroy(error: unknown, callback: (error?: unknown) => void) {
      if (done) return callback(error);
      reader.cancel(error ?? undefined).then(
        () => callback(error),
        (cancelError: unknown) => callback(error ?? cancelError),
      );
    },
  };
}

/** The Node-stream side of a web writer: writes wait for it, `final` closes it, an error aborts it. */
function writerMethods(stream: WritableStream) {
  const writer = stream.getWriter();
  let closed = false;
  return {
    write(chunk: unknown, _encoding: string, callback: (error?: unknown) => void) {
      writer.ready.then(() => writer.write(chunk)).then(() => callback(), callback);
    },
    final(callback: (error?: unknown) => void) {
      closed = true;
      writer.close().then(() => callback(), callback);
    },
    destroy(error: unknown, callback: (error?: unknown) => void) {
      if (closed || !error) return callback(error);
      writer.abort(error).then(
        () => callback(error),
        () => callback(error),
      );
    },
  };
}

function toWebReadable(readable: NodeReadable): ReadableStream {
  return new ReadableStream({
    start(controller) {
      readable.pause();
      readable.on('data', (chunk: unknown) => {
        controller.enqueue(chunk);
        if ((controller.desiredSize ?? 0) <= 0) readable.pause();
      });
      readable.on('end', () => controller.close());
      readable.on('error', (error: unknown) => controller.error(error));
    },
    pull() {
      readable.resume();
    },
    cancel(reason) {
      readable.destroy(reason);
    },
  });
}

function toWebWritable(writable: NodeWritable): WritableStream {
  return new WritableStream({
    write: (chunk) => new Promise<void>((resolve, reject) => void writable.write(chunk, (error) => (error ? reject(error as Error) : resolve()))),
    close: () => new Promise<void>((resolve) => void writable.end(() => resolve())),
    abort: (reason) => void writable.destroy(reason),
  });
}

export function installWebAdapters(classes: { Readable: StreamClass; Writable: StreamClass; Duplex: StreamClass }): void {
  const { Readable, Writable, Duplex } = classes;
  const checkReadable = (value: unknown, name: string) => {
    if (!(value instanceof ReadableStream)) throw argTypeError(name, 'ReadableStream', value);
  };
  const checkWritable = (value: unknown, name: string) => {
    if (!(value instanceof WritableStream)) throw argTypeError(name, 'WritableStream', value);
  };
  Readable.fromWeb = (stream: unknown, options?: Options) => {
    checkReadable(stream, 'readableStream');
    return new Readable({ ...pick(options, ['encoding', 'highWaterMark', 'objectMode', 'signal']), ...readerMethods(stream as ReadableStream) });
  };
  Readable.toWeb = (readable: NodeReadable) => toWebReadable(readable);
  Writable.fromWeb = (stream: unknown, options?: Options) => {
    checkWritable(stream, 'writableStream');
    return new Writable({ ...pick(options, ['decodeStrings', 'highWaterMark', 'objectMode', 'signal']), ...writerMethods(stream as WritableStream) });
  };
  Writable.toWeb = (writable: NodeWritable) => toWebWritable(writable);
  Duplex.fromWeb = (pair: unknown, options?: Options) => {
    const { readable, writable } = (pair ?? {}) as { readable?: unknown; writable?: unknown };
    checkReadable(readable, 'pair.readable');
    checkWritable(writable, 'pair.writable');
    const reading = readerMethods(readable as ReadableStream);
    const writing = writerMethods(writable as WritableStream);
    return new Duplex({
      ...pick(options, ['allowHalfOpen', 'decodeStrings', 'encoding', 'highWaterMark', 'objectMode', 'signal']),
      read: reading.read,
      write: writing.write,
      final: writing.final,
      destroy(error: unknown, callback: (error?: unknown) => void) {
        writing.destroy(error, () => reading.destroy(error, callback));
      },
    });
  };
  Duplex.toWeb = (duplex: NodeReadable & NodeWritable) => ({ readable: toWebReadable(duplex), writable: toWebWritable(duplex) });
}
