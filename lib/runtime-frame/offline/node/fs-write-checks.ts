/**
 * Node's checks on the arguments of `fs.write`/`writeSync`/`readSync`/`writev`, and the `flush` option of
 * `writeFile`/`appendFile` (a boolean; when true the file's data is synced after the write, through the
 * module's own `fsync`/`fsyncSync`, as Node's are). A bad offset, length or buffer throws Node's error before
 * anything is written.
 */
import { outOfRange, argTypeError, validateBoolean, validateInteger, validateInt32, validateObject } from './validators';

type Fn = (...args: unknown[]) => unknown;
type Fs = Record<string, unknown>;

const isView = (value: unknown): value is ArrayBufferView => ArrayBuffer.isView(value);

function validateOffsetLengthWrite(offset: number, length: number, byteLength: number): void {
  if (offset > byteLength) throw outOfRange('offset', `<= ${byteLength}`, offset);
  if (length > byteLength - offset) throw outOfRange('length', `<= ${byteLength - offset}`, length);
  if (length < 0) throw outOfRange('length', '>= 0', length);
  validateInt32(length, 'length', 0);
}

/** The buffer form's (offset, length, position) as Node works them out, checked; null for the string form. */
function writeArgs(buffer: unknown, offsetOrOptions: unknown, length: unknown, position: unknown): [number, number, unknown] | null {
  if (!isView(buffer)) {
    if (typeof buffer !== 'string') throw argTypeError('buffer', ['string', 'Buffer', 'TypedArray', 'DataView'], buffer);
    return null;
  }
  let offset = offsetOrOptions;
  if (typeof offset === 'object') {
    const options = (offsetOrOptions ?? {}) as { offset?: unknown; length?: unknown; position?: unknown };
    offset = options.offset ?? 0;
    length = options.length ?? buffer.byteLength - (offset as number);
    position = options.position ?? null;
  }
  if (offset == null || typeof offset === 'function') offset = 0;
  else validateInteger(offset, 'offset', 0);
  const size = typeof length === 'number' ? length : buffer.byteLength - (offset as number);
  validateOffsetLengthWrite(offset as number, size, buffer.byteLength);
  return [offset as number, size, typeof position === 'number' ? position : null];
}

function flushOption(options: unknown): boolean {
  if (!options || typeof options !== 'object') return false;
  const flush = (options as { flush?: unknown }).flush ?? false;
  validateBoolean(flush, 'options.flush');
  return flush;
}

export function addWriteChecks(fs: Fs): void {
  const write = fs.write as Fn;
  const writeSync = fs.writeSync as Fn;
  const readSync = fs.readSync as Fn;
  fs.writeSync = function (this: unknown, fd: unknown, buffer: unknown, offsetOrOptions?: unknown, length?: unknown, position?: unknown) {
    const args = writeArgs(buffer, offsetOrOptions, length, position);
    if (!args) return writeSync.call(this, ...[fd, buffer, offsetOrOptions, length, position].slice(0, arguments.length));
    return writeSync.call(this, fd, buffer, ...args);
  };
  fs.write = function (this: unknown, fd: unknown, buffer: unknown, ...rest: unknown[]) {
    const callback = rest[rest.length - 1];
    if (typeof callback !== 'function') throw argTypeError('cb', 'function', callback);
    const [offsetOrOptions, length, position] = rest.slice(0, -1);
    const args = writeArgs(buffer, offsetOrOptions, length, position);
    if (!args) return write.call(this, fd, buffer, ...rest);
    return write.call(this, fd, buffer, ...args, callback);
  };
  // util.promisify(fs.write) keeps resolving with both results.
  const custom = Symbol.for('nodejs.util.promisify.custom');
  (fs.write as Record<symbol, unknown>)[custom] = (write as unknown as Record<symbol, unknown>)[custom];
  fs.readSync = function (this: unknown, ...args: unknown[]) {
    // readSync(fd, buffer, options): the options must be an object (or null).
    if ((args.length <= 3 || typeof args[2] === 'object') && args[2] !== undefined) validateObject(args[2], 'options', { nullable: true });
    return readSync.apply(this, args);
  };
  for (const name of ['writev', 'writevSync']) {
    const original = fs[name] as Fn;
    fs[name] = function (this: unknown, fd: unknown, buffers: unknown, ...rest: unknown[]) {
      if (!Array.isArray(buffers) || !buffers.every(isView)) throw argTypeError('buffers', 'ArrayBufferView[]', buffers);
      return original.call(this, fd, buffers, ...rest);
    };
  }

  for (const name of ['writeFile', 'appendFile']) {
    const syncFn = fs[`${name}Sync`] as Fn;
    const callbackFn = fs[name] as Fn;
    const promises = fs.promises as Fs;
    const promiseFn = promises[name] as Fn;
    fs[`${name}Sync`] = function (this: unknown, path: unknown, data: unknown, options?: unknown) {
      const flush = flushOption(options);
      const result = syncFn.call(this, path, data, options);
      if (flush) {
        const fd = typeof path === 'number' ? path : ((fs.openSync as Fn)(path, 'r+') as number);
        try {
          (fs.fsyncSync as Fn)(fd);
        } finally {
          if (fd !== path) (fs.closeSync as Fn)(fd);
        }
      }
      return result;
    };
    fs[name] = function (this: unknown, path: unknown, data: unknown, ...rest: unknown[]) {
      const callback = rest[rest.length - 1] as Fn;
      if (!flushOption(rest.length > 1 ? rest[0] : undefined)) return callbackFn.call(this, path, data, ...rest);
      return callbackFn.call(this, path, data, ...rest.slice(0, -1), (error: unknown) => {
        if (error) return callback(error);
        if (typeof path === 'number') return (fs.fsync as Fn)(path, callback);
        (fs.open as Fn)(path, 'r+', (openError: unknown, fd: number) => {
          if (openError) return callback(openError);
          (fs.fsync as Fn)(fd, (syncError: unknown) => (fs.close as Fn)(fd, () => callback(syncError ?? null)));
        });
      });
    };
    promises[name] = async function (this: unknown, path: unknown, data: unknown, options?: unknown) {
      flushOption(options);
      return promiseFn.call(this, path, data, options);
    };
  }
}
