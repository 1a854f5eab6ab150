/**
 * Descriptors 0, 1 and 2 as a Node process has them: fs.read(0, …) reads the process's standard input, and
 * fs.write and fs.writeSync on 1 and 2 write to its stdout and stderr. Programs compiled from Go or C use
 * these rather than process.stdin and process.stdout (esbuild's WebAssembly build reads its requests with
 * fs.read(0) when it runs as a child speaking its binary protocol). A pending read holds the process, as a
 * pending read does in Node.
 */
import { afterIo } from './after-io';
import { writeRequest } from './fs-descriptors';
import type { Hold } from './hold';
import { standardInputReader } from './stdin';
import { systemError } from './system-errors';

type Fn = (...args: unknown[]) => unknown;

interface StandardStreams {
  stdin: { on(event: string, listener: (...args: unknown[]) => void): unknown; removeListener(event: string, listener: (...args: unknown[]) => void): unknown };
  stdout: { write(chunk: unknown, callback?: () => void): unknown };
  stderr: { write(chunk: unknown, callback?: () => void): unknown };
}

const PROMISIFY_CUSTOM = Symbol.for('nodejs.util.promisify.custom');

/** Where fs.read's target, offset and length are, in each of its call forms. */
function readTarget(buffer: unknown, args: unknown[], alloc: (size: number) => Uint8Array): { target: Uint8Array; offset: number; length: number } {
  const options = (value: unknown) => (value ?? {}) as { buffer?: Uint8Array; offset?: number; length?: number };
  if (!(buffer instanceof Uint8Array)) {
    const given = options(buffer);
    const target = given.buffer ?? alloc(16384);
    return { target, offset: given.offset ?? 0, length: given.length ?? target.byteLength - (given.offset ?? 0) };
  }
  if (typeof args[0] === 'object' || args[0] === undefined) {
    const given = options(args[0]);
    return { target: buffer, offset: given.offset ?? 0, length: given.length ?? buffer.byteLength - (given.offset ?? 0) };
  }
  const offset = Number(args[0]);
  return { target: buffer, offset, length: args[1] === undefined ? buffer.byteLength - offset : Number(args[1]) };
}

interface BytesMaker {
  from(text: string, encoding?: string): Uint8Array;
  alloc(size: number): Uint8Array;
}

export function addStandardStreams(fs: Record<string, unknown>, streams: StandardStreams, hold: Hold | undefined, Buffer: BytesMaker): void {
  const readInput = standardInputReader(streams.stdin);
  const output = (fd: unknown) => (fd === 1 ? streams.stdout : fd === 2 ? streams.stderr : null);
  const { read, readSync, write, writeSync } = fs as Record<'read' | 'readSync' | 'write' | 'writeSync', Fn>;

  fs.read = function (this: unknown, fd: unknown, buffer: unknown, ...args: unknown[]) {
    if (fd !== 0) return read.call(this, fd, buffer, ...args);
    const callback = args.pop() as Fn;
    const { target, offset, length } = readTarget(buffer, args, (size) => Buffer.alloc(size));
    const release = hold?.() ?? (() => undefined);
    void readInput(length).then((bytes) => {
      release();
      if (bytes) target.set(bytes, offset);
      callback(null, bytes?.length ?? 0, target);
    });
  };
  Object.assign(fs.read as object, { [PROMISIFY_CUSTOM]: (read as unknown as Record<symbol, unknown>)[PROMISIFY_CUSTOM] });
  // A synchronous read of input that has not come would block the thread: Node answers EAGAIN where the
  // descriptor cannot block, as here.
  fs.readSync = function (this: unknown, fd: unknown, ...args: unknown[]) {
    if (fd === 0) throw systemError('EAGAIN', 'read');
    return readSync.call(this, fd, ...args);
  };

  fs.write = function (this: unknown, fd: unknown, data: unknown, ...args: unknown[]) {
    const stream = output(fd);
    if (!stream) return write.call(this, fd, data, ...args);
    const callback = args.pop() as Fn;
    const { bytes } = writeRequest(data, args, (text, encoding) => Buffer.from(text, encoding));
    stream.write(bytes, () => afterIo(() => callback(null, bytes.length, data)));
  };
  Object.assign(fs.write as object, { [PROMISIFY_CUSTOM]: (write as unknown as Record<symbol, unknown>)[PROMISIFY_CUSTOM] });
  fs.writeSync = function (this: unknown, fd: unknown, data: unknown, ...args: unknown[]) {
    const stream = output(fd);
    if (!stream) return writeSync.call(this, fd, data, ...args);
    const { bytes } = writeRequest(data, args, (text, encoding) => Buffer.from(text, encoding));
    stream.write(bytes);
    return bytes.length;
  };
}
