/**
 * `buffer` for programs: the buffer package (the Buffer of browserify and webpack, which Node's streams port
 * uses too, so chunks from streams are the program's Buffers), with Node 22's argument checks and messages,
 * its inspect form, isAscii/isUtf8 and constants. almostnode makes Buffers of its own class in its shims (file
 * contents, request bodies); that class is re-based here onto this Buffer, so every Buffer a program meets
 * has the same methods and passes `Buffer.isBuffer` and `instanceof Buffer`.
 */
import * as bufferPackage from 'buffer/';
import { bufferOutOfBounds, numberAccessors } from './buffer-access';
import { withNativeNumberFill } from './buffer-fill';
import { warnBufferConstructor } from './buffer-deprecation';
import { base64Encode, isUtf8Encoding, utf8ByteLength, utf8Encode, utf8Write } from './buffer-native-codecs';
import { nodeError } from './node-errors';
import { argTypeError, argValueError, outOfRange, unknownEncoding, validateInteger, validateNumber } from './validators';

type Module = Record<string, unknown>;
type AnyFunction = (...args: unknown[]) => unknown;
type Bytes = Uint8Array;

const Base = bufferPackage.Buffer;

/** Node 22 on 64-bit: 2 ** 53 - 1 (a tab cannot allocate that much, but the limit checked is Node's). */
const kMaxLength = Number.MAX_SAFE_INTEGER;
const kStringMaxLength = 2 ** 29 - 24;
const ENCODINGS = new Set(['utf8', 'utf-8', 'ucs2', 'ucs-2', 'utf16le', 'utf-16le', 'latin1', 'binary', 'base64', 'base64url', 'hex', 'ascii']);

// V8's UTF-8 decoding, which Node's toString is: one U+FFFD for each maximal invalid subsequence (the buffer
// package writes one per byte), and a byte order mark kept as a character.
const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const toBase64Url = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => text.replace(/-/g, '+').replace(/_/g, '/');
const isBase64Url = (encoding: unknown) => typeof encoding === 'string' && encoding.toLowerCase() === 'base64url';
const arrayBufferLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')?.get;
const sharedLength = typeof SharedArrayBuffer === 'undefined' ? undefined : Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, 'byteLength')?.get;

/** True for a real ArrayBuffer or SharedArrayBuffer (not an object that only inherits from one). */
function isAnyArrayBuffer(value: unknown): value is ArrayBuffer {
  for (const getter of [arrayBufferLength, sharedLength]) {
    try {
      getter?.call(value);
      if (getter) return true;
    } catch {
      // not this kind
    }
  }
  return false;
}

const isEncoding = (encoding: unknown) => typeof encoding === 'string' && encoding.length !== 0 && ENCODINGS.has(encoding.toLowerCase());
// As Node's own check: any Uint8Array (a Buffer included), whichever realm made it, told by its internal type.
const typedArrayTag = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag)?.get;
const isUint8Array = (value: unknown): value is Bytes => ArrayBuffer.isView(value) && typedArrayTag?.call(value) === 'Uint8Array';

function toInteger(value: unknown, fallback: number): number {
  const number = +(value as number);
  if (!Number.isNaN(number) && number >= Number.MIN_SAFE_INTEGER && number <= Number.MAX_SAFE_INTEGER) return number % 1 === 0 ? number : Math.floor(number);
  return fallback;
}

/** Node's Buffer#copy, including its clamping and its checks. */
function copy(this: Bytes, target: unknown, targetStart?: unknown, sourceStart?: unknown, sourceEnd?: unknown): number {
  if (!isUint8Array(target)) throw argTypeError('target', ['Buffer', 'Uint8Array'], target);
  let to = 0;
  if (targetStart !== undefined) {
    to = Number.isInteger(targetStart) ? (targetStart as number) : toInteger(targetStart, 0);
    if (to < 0) throw outOfRange('targetStart', '>= 0', to);
  }
  let from = 0;
  if (sourceStart !== undefined) {
    from = Number.isInteger(sourceStart) ? (sourceStart as number) : toInteger(sourceStart, 0);
    if (from < 0 || from > this.byteLength) throw outOfRange('sourceStart', `>= 0 && <= ${this.byteLength}`, from);
  }
  let end = this.byteLength;
  if (sourceEnd !== undefined) {
    end = Number.isInteger(sourceEnd) ? (sourceEnd as number) : toInteger(sourceEnd, 0);
    if (end < 0) throw outOfRange('sourceEnd', '>= 0', end);
  }
  if (to >= target.byteLength || from >= end) return 0;
  if (end - from > target.byteLength - to) end = from + target.byteLength - to;
  const count = Math.min(end - from, this.byteLength - from);
  if (count <= 0) return 0;
  target.set(new Uint8Array(this.buffer, this.byteOffset + from, count), to);
  return count;
}

function compareBytes(a: Bytes, b: Bytes): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number) ? -1 : 1;
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function compare(this: Bytes, target: unknown, targetStart?: unknown, targetEnd?: unknown, sourceStart?: unknown, sourceEnd?: unknown): number {
  if (!isUint8Array(target)) throw argTypeError('target', ['Buffer', 'Uint8Array'], target);
  const offset = (value: unknown, name: string, fallback: number, max = kMaxLength) => {
    if (value === undefined) return fallback;
    validateInteger(value, name, 0, max);
    return value;
  };
  const tStart = offset(targetStart, 'targetStart', 0);
  const tEnd = offset(targetEnd, 'targetEnd', target.length, target.length);
  const sStart = offset(sourceStart, 'sourceStart', 0);
  const sEnd = offset(sourceEnd, 'sourceEnd', this.length, this.length);
  if (sStart >= sEnd) return tStart >= tEnd ? 0 : -1;
  if (tStart >= tEnd) return 1;
  return compareBytes(this.subarray(sStart, sEnd), target.subarray(tStart, tEnd));
}

type InspectValue = (value: unknown, options: object) => string;

/**
 * Node's form: `<Buffer 31 32 ... 2 more bytes>`, then the buffer's own non-index properties. Buffers of the
 * runtime's Buffer classes are named `Buffer` (the bundled classes' own names are minified); a subclass keeps
 * its name, as in Node.
 */
function inspect(this: Bytes, _depth?: number, options?: { showHidden?: boolean }, inspectValue?: InspectValue): string {
  const max = state.inspectMaxBytes;
  const shown = Math.min(max, this.length);
  let text = Array.from(this.subarray(0, shown), (byte) => byte.toString(16).padStart(2, '0')).join(' ');
  const remaining = this.length - max;
  if (remaining > 0) text += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
  if (options && inspectValue) {
    const keys = (options.showHidden ? Reflect.ownKeys(this) : Object.keys(this)).filter((key) => typeof key !== 'string' || !/^\d+$/.test(key));
    if (keys.length > 0) {
      const extras: Record<string | symbol, unknown> = Object.create(null);
      for (const key of keys) extras[key] = (this as unknown as Record<string | symbol, unknown>)[key];
      // Inspected as a null-prototype object, less its "[Object: null prototype] {" and " }".
      const body = inspectValue(extras, { ...options, breakLength: Infinity, compact: true }).slice(27, -2);
      text += `${this.length !== 0 ? ', ' : ''}${body}`;
    }
  }
  const ctor = (this as { constructor?: { name?: string } }).constructor;
  const name = ctor && !state.bufferClasses.has(ctor) ? ctor.name : 'Buffer';
  return `<${name} ${text}>`;
}

const state = { inspectMaxBytes: 50, bufferClasses: new Set<unknown>([Base]) };

function withCode<T extends AnyFunction>(method: T, match: RegExp, make: (error: Error, args: unknown[]) => Error): T {
  return function (this: unknown, ...args: unknown[]) {
    try {
      return method.apply(this, args);
    } catch (error) {
      if (error instanceof Error && match.test(error.message) && !(error as { code?: string }).code) throw make(error, args);
      throw error;
    }
  } as T;
}

function patchPrototype(target: object): void {
  const proto = target as Record<string | symbol, unknown>;
  Object.assign(proto, numberAccessors(), { copy, compare });
  proto.fill = withNativeNumberFill(proto.fill as Parameters<typeof withNativeNumberFill>[0]);
  proto.equals = function (this: Bytes, other: unknown) {
    if (!isUint8Array(other)) throw argTypeError('otherBuffer', ['Buffer', 'Uint8Array'], other);
    return this === other || compareBytes(this, other) === 0;
  };
  proto.inspect = inspect;
  proto[Symbol.for('nodejs.util.inspect.custom')] = inspect;
  const baseToString = proto.toString as (this: Bytes, encoding?: string, start?: number, end?: number) => string;
  const toString = 'toString';
  proto[toString] = function (this: Bytes, encoding?: unknown, start?: unknown, end?: unknown) {
    if (arguments.length === 0) return utf8Decoder.decode(this);
    const from = start === undefined || (start as number) <= 0 ? 0 : Math.trunc(start as number) || 0;
    const to = end === undefined || (end as number) > this.length ? this.length : Math.trunc(end as number) || 0;
    if (to - from > kStringMaxLength)
      throw nodeError(Error, 'ERR_STRING_TOO_LONG', `Cannot create a string longer than 0x${kStringMaxLength.toString(16)} characters`);
    if (encoding !== undefined && encoding !== null && !isEncoding(encoding)) throw unknownEncoding(encoding);
    const lower = typeof encoding === 'string' ? encoding.toLowerCase() : undefined;
    if (lower === 'base64' || lower === 'base64url') {
      const bytes = to > from ? new Uint8Array(this.buffer, this.byteOffset + from, to - from) : new Uint8Array(0);
      const base64 = base64Encode(bytes) ?? baseToString.call(this, 'base64', from, to);
      return lower === 'base64' ? base64 : toBase64Url(base64);
    }
    if (isUtf8Encoding(encoding)) return utf8Decoder.decode(this.subarray(from, Math.max(from, to)));
    return baseToString.call(this, encoding as string | undefined, from, to);
  };
  // Node's toLocaleString is toString itself.
  proto.toLocaleString = proto[toString];
  const baseWrite = proto.write as (this: Bytes, text: string, offset: number, length: number, encoding?: string) => number;
  proto.write = function (this: Bytes, text: unknown, offset?: unknown, length?: unknown, encoding?: unknown) {
    if (typeof text !== 'string') throw argTypeError('argument', 'string', text);
    let at = 0;
    let count = this.length;
    if (offset === undefined) return utf8Write(this, text, 0, count);
    if (length === undefined && typeof offset === 'string') encoding = offset;
    else {
      validateInteger(offset, 'offset', 0, this.length);
      at = offset;
      const remaining = this.length - at;
      if (length === undefined) count = remaining;
      else if (typeof length === 'string') {
        encoding = length;
        count = remaining;
      } else {
        validateInteger(length, 'length', 0, this.length);
        count = Math.min(length, remaining);
      }
    }
    if (encoding !== undefined && !isEncoding(encoding)) throw unknownEncoding(encoding);
    if (typeof encoding === 'string' && encoding.toLowerCase() === 'base64url') return baseWrite.call(this, fromBase64Url(text), at, count, 'base64');
    if (isUtf8Encoding(encoding)) return utf8Write(this, text, at, count);
    return baseWrite.call(this, text, at, count, encoding as string);
  };
  for (const bits of [16, 32, 64]) {
    proto[`swap${bits}`] = withCode(proto[`swap${bits}`] as AnyFunction, /multiple of/, () =>
      nodeError(RangeError, 'ERR_INVALID_BUFFER_SIZE', `Buffer size must be a multiple of ${bits}-bits`),
    );
  }
  proto.toJSON = function (this: Bytes) {
    return { type: 'Buffer', data: Array.from(this) };
  };
}

function checkSize(size: unknown): number {
  validateNumber(size, 'size', 0, kMaxLength);
  return size;
}

// The buffer package refuses sizes above 2 GiB - 1 (its limit for 32-bit platforms); Node on 64 bits, and a
// tab's Uint8Array, go further: such a Buffer is made here, or the allocation fails as the platform's does.
const PACKAGE_MAX = 0x7fffffff;
function allocated(size: number, make: (size: number) => unknown): unknown {
  if (size <= PACKAGE_MAX) return make(size);
  return Object.setPrototypeOf(new Uint8Array(size), Base.prototype);
}

/** A Buffer of `text` in UTF-8, encoded by the browser. */
export function utf8Buffer(text: string): Uint8Array {
  return Object.setPrototypeOf(utf8Encode(text), Base.prototype) as Uint8Array;
}

function fromArrayLike(list: ArrayLike<number>): unknown {
  const length = list.length > 0 ? Math.trunc(list.length) : 0;
  const result = Base.alloc(length);
  for (let i = 0; i < length; i++) result[i] = list[i] as number;
  return result;
}

function fromChecked(value: unknown, encodingOrOffset?: unknown, length?: unknown): unknown {
  if (typeof value === 'string') {
    if (encodingOrOffset !== undefined && encodingOrOffset !== null && encodingOrOffset !== '' && !isEncoding(encodingOrOffset))
      throw unknownEncoding(encodingOrOffset);
    if (isBase64Url(encodingOrOffset)) return Base.from(fromBase64Url(value), 'base64');
    if (isUtf8Encoding(encodingOrOffset)) return utf8Buffer(value);
    return Base.from(value, encodingOrOffset as BufferEncoding | undefined);
  }
  if (typeof value === 'object' && value !== null) {
    if (isAnyArrayBuffer(value)) {
      const offset = encodingOrOffset === undefined ? 0 : +(encodingOrOffset as number) || 0;
      if (offset > value.byteLength) throw bufferOutOfBounds('offset');
      const count = length === undefined ? value.byteLength - offset : +(length as number) || 0;
      if (count > value.byteLength - offset) throw bufferOutOfBounds('length');
      return Base.from(value, offset, count);
    }
    if (ArrayBuffer.isView(value)) return Base.from(value as Bytes);
    const primitive = (value as { valueOf?: () => unknown }).valueOf?.();
    if (primitive !== undefined && primitive !== null && primitive !== value && (typeof primitive === 'string' || typeof primitive === 'object')) {
      return fromChecked(primitive, encodingOrOffset, length);
    }
    const arrayLike = value as { length?: unknown; buffer?: unknown; type?: unknown; data?: unknown };
    if (arrayLike.length !== undefined || isAnyArrayBuffer(arrayLike.buffer))
      return typeof arrayLike.length === 'number' ? fromArrayLike(value as ArrayLike<number>) : Base.alloc(0);
    if (arrayLike.type === 'Buffer' && Array.isArray(arrayLike.data)) return fromArrayLike(arrayLike.data);
    const toPrimitive = (value as { [Symbol.toPrimitive]?: (hint: string) => unknown })[Symbol.toPrimitive];
    if (typeof toPrimitive === 'function') {
      const text = toPrimitive.call(value, 'string');
      if (typeof text === 'string') return fromChecked(text, encodingOrOffset);
    }
  }
  throw argTypeError('first argument', ['string', 'Buffer', 'ArrayBuffer', 'Array', 'Array-like Object'], value);
}

function bufferStatics(NodeBuffer: Module): void {
  const base = Base as unknown as Module;
  Object.assign(NodeBuffer, {
    poolSize: 8192,
    from: fromChecked,
    of: (...items: number[]) => Base.from(items),
    alloc: (sizeArg: unknown, fill?: unknown, encoding?: unknown) => {
      const size = checkSize(sizeArg);
      if (fill !== undefined && fill !== 0 && typeof encoding === 'string' && !isEncoding(encoding)) throw unknownEncoding(encoding);
      // A string fill's encoding, when given, is a string: Node checks its type before its name.
      if (typeof fill === 'string' && encoding !== undefined && typeof encoding !== 'string') throw argTypeError('encoding', 'string', encoding);
      // A fill string that decodes to no bytes at all (bad hex, bad base64) is refused, as Node's fill does.
      if (typeof fill === 'string' && fill.length > 0 && (fromChecked(fill, encoding ?? 'utf8') as Uint8Array).length === 0) throw argValueError('value', fill);
      // So is a Buffer or Uint8Array fill with no bytes in it.
      if (isUint8Array(fill) && fill.length === 0) throw argValueError('value', fill);
      if (size > PACKAGE_MAX) {
        const result = allocated(size, Base.alloc) as Bytes & { fill(value: unknown, encoding?: unknown): unknown };
        if (fill !== undefined && fill !== 0) result.fill(fill, encoding);
        return result;
      }
      return (base.alloc as AnyFunction)(size, fill, encoding);
    },
    allocUnsafe: (size: unknown) => allocated(checkSize(size), Base.allocUnsafe),
    allocUnsafeSlow: (size: unknown) => allocated(checkSize(size), Base.allocUnsafeSlow),
    isBuffer: (value: unknown) => value instanceof Base,
    isEncoding,
    byteLength: (value: unknown, encoding?: unknown) => {
      if (typeof value !== 'string') {
        if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer))
          return value.byteLength;
        throw argTypeError('string', ['string', 'Buffer', 'ArrayBuffer'], value);
      }
      if (isBase64Url(encoding)) return (base.byteLength as AnyFunction)(fromBase64Url(value), 'base64');
      if (!isEncoding(encoding) || isUtf8Encoding(encoding)) return utf8ByteLength(value);
      return (base.byteLength as AnyFunction)(value, encoding);
    },
    compare: (a: unknown, b: unknown) => {
      if (!isUint8Array(a)) throw argTypeError('buf1', ['Buffer', 'Uint8Array'], a);
      if (!isUint8Array(b)) throw argTypeError('buf2', ['Buffer', 'Uint8Array'], b);
      return compareBytes(a, b);
    },
    concat: (list: unknown, length?: unknown) => {
      if (!Array.isArray(list)) throw argTypeError('list', 'Array', list);
      if (list.length === 0) return Base.alloc(0);
      list.forEach((item, i) => {
        if (!isUint8Array(item)) throw argTypeError(`list[${i}]`, ['Buffer', 'Uint8Array'], item);
      });
      let total = 0;
      if (length === undefined) for (const item of list as Bytes[]) total += item.length;
      else {
        validateInteger(length, 'length', 0, kMaxLength);
        total = length;
      }
      const result = Base.allocUnsafe(total);
      let at = 0;
      for (const item of list as Bytes[]) {
        if (at >= total) break;
        const part = item.subarray(0, total - at);
        result.set(part, at);
        at += part.length;
      }
      if (at < total) result.fill(0, at);
      return result;
    },
  });
}

function isAscii(input: unknown): boolean {
  return bytesOf(input, 'input').every((byte) => byte < 0x80);
}

function isUtf8(input: unknown): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytesOf(input, 'input'));
    return true;
  } catch {
    return false;
  }
}

function bytesOf(input: unknown, name: string): Bytes {
  const buffer = ArrayBuffer.isView(input) ? input.buffer : input;
  if ((buffer as { detached?: boolean } | null)?.detached)
    throw nodeError(TypeError, 'ERR_INVALID_STATE', 'Invalid state: Cannot validate on a detached buffer');
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (input instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && input instanceof SharedArrayBuffer)) return new Uint8Array(input);
  throw argTypeError(name, ['ArrayBuffer', 'Buffer', 'TypedArray'], input);
}

let patched: Module | null = null;

/** The module, built once per page; `almostBuffer` is almostnode's Buffer class, re-based onto this Buffer. */
export function bufferModule(almostBuffer?: { prototype: object }): Module {
  if (!patched) {
    patchPrototype(Base.prototype);
    // Buffer(arg) without `new` stays callable, as in Node (deprecated there, still used by old packages).
    const NodeBuffer = function Buffer(this: unknown, arg: unknown, encodingOrOffset?: unknown, length?: unknown) {
      warnBufferConstructor();
      if (typeof arg === 'number') {
        if (typeof encodingOrOffset === 'string') throw argTypeError('string', 'string', arg);
        return (NodeBuffer as unknown as Module & { alloc: AnyFunction }).alloc(arg);
      }
      return fromChecked(arg, encodingOrOffset, length);
    } as unknown as Module & { prototype: object };
    NodeBuffer.prototype = Base.prototype;
    Object.defineProperty(Base.prototype, 'constructor', { value: NodeBuffer, writable: true, configurable: true });
    state.bufferClasses.add(NodeBuffer);
    Object.setPrototypeOf(NodeBuffer, Uint8Array);
    Object.defineProperty(NodeBuffer, Symbol.hasInstance, { value: (value: unknown) => value instanceof Base });
    // What subarray(), slice() and map() construct, as Node's FastBuffer: a Buffer, made without calling
    // Buffer() (which warns). Its arguments are passed on as a list, not spread through the array iterator.
    const FastBuffer = function FastBuffer(...args: unknown[]) {
      return Reflect.construct(Uint8Array, args, NodeBuffer as unknown as AnyFunction);
    };
    Object.defineProperty(NodeBuffer, Symbol.species, { get: () => FastBuffer, configurable: true });
    bufferStatics(NodeBuffer);
    const module: Module = {
      Buffer: NodeBuffer,
      SlowBuffer: function SlowBuffer(size: unknown) {
        return Base.allocUnsafeSlow(checkSize(size));
      },
      kMaxLength,
      kStringMaxLength,
      constants: { MAX_LENGTH: kMaxLength, MAX_STRING_LENGTH: kStringMaxLength },
      isAscii,
      isUtf8,
      atob: globalThis.atob,
      btoa: globalThis.btoa,
      Blob: globalThis.Blob,
      File: globalThis.File,
      resolveObjectURL: () => undefined,
      transcode: (source: Bytes, from: string, to: string) => Base.from(Base.from(source).toString(from as BufferEncoding), to as BufferEncoding),
    };
    Object.defineProperty(module, 'INSPECT_MAX_BYTES', {
      enumerable: true,
      get: () => state.inspectMaxBytes,
      set: (value: unknown) => {
        validateNumber(value, 'INSPECT_MAX_BYTES', 0);
        state.inspectMaxBytes = value;
      },
    });
    patched = module;
  }
  if (almostBuffer && Object.getPrototypeOf(almostBuffer.prototype) !== Base.prototype) {
    // Its own methods go, so Base's (Node's) are the ones its instances use.
    for (const key of Reflect.ownKeys(almostBuffer.prototype)) if (key !== 'constructor') Reflect.deleteProperty(almostBuffer.prototype, key);
    Object.setPrototypeOf(almostBuffer.prototype, Base.prototype);
    state.bufferClasses.add(almostBuffer);
  }
  return patched;
}
