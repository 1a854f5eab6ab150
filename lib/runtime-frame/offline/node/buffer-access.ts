/**
 * Buffer's read and write methods for numbers (readUInt8 … writeBigInt64BE, readIntLE/writeUIntBE with a byte
 * length) with Node's checks: a missing or fractional offset, a value out of range or an access past the end
 * throws ERR_INVALID_ARG_TYPE, ERR_OUT_OF_RANGE or ERR_BUFFER_OUT_OF_BOUNDS in Node's words.
 */
import { nodeError } from './node-errors';
import { argTypeError, outOfRange, validateNumber } from './validators';

type Bytes = Uint8Array;

export function bufferOutOfBounds(name?: string): Error {
  return nodeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', name ? `"${name}" is outside of buffer bounds` : 'Attempt to access memory outside buffer bounds');
}

function boundsError(value: unknown, length: number, type?: string): never {
  if (Math.floor(value as number) !== value) {
    validateNumber(value, type ?? 'offset');
    throw outOfRange(type ?? 'offset', 'an integer', value);
  }
  if (length < 0) throw bufferOutOfBounds();
  throw outOfRange(type ?? 'offset', `>= ${type ? 1 : 0} and <= ${length}`, value);
}

/** The offset checked as Node checks it for an access of `size` bytes. */
function checkRead(buf: Bytes, offset: unknown, size: number): number {
  validateNumber(offset, 'offset');
  if (buf[offset] === undefined || buf[offset + size - 1] === undefined) boundsError(offset, buf.length - size);
  return offset;
}

const view = (buf: Bytes) => new DataView(buf.buffer, buf.byteOffset, buf.byteLength);

function readVariable(buf: Bytes, offset: number, size: number, little: boolean, signed: boolean): number {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + (buf[offset + (little ? size - 1 - i : i)] as number);
  if (signed && value >= 2 ** (size * 8 - 1)) value -= 2 ** (size * 8);
  return value;
}

function writeVariable(buf: Bytes, value: number, offset: number, size: number, little: boolean): number {
  let rest = value < 0 ? value + 2 ** (size * 8) : value;
  for (let i = 0; i < size; i++) {
    buf[offset + (little ? i : size - 1 - i)] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return offset + size;
}

function rangeFor(size: number, signed: boolean, bigint: boolean): string {
  const n = bigint ? 'n' : '';
  const bits = size * 8;
  if (size > 4) return signed ? `>= -(2${n} ** ${bits - 1}${n}) and < 2 ** ${bits - 1}${n}` : `>= 0${n} and < 2${n} ** ${bits}${n}`;
  const max = signed ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
  const min = signed ? -(2 ** (bits - 1)) : 0;
  return `>= ${min}${n} and <= ${max}${n}`;
}

function checkInt(buf: Bytes, value: number | bigint, offset: unknown, size: number, signed: boolean): number {
  const bigint = typeof value === 'bigint';
  const bits = BigInt(size * 8);
  const min = signed ? -(2n ** (bits - 1n)) : 0n;
  const max = signed ? 2n ** (bits - 1n) - 1n : 2n ** bits - 1n;
  const asBig = bigint ? value : null;
  const outside = asBig !== null ? asBig < min || asBig > max : (value as number) < Number(min) || (value as number) > Number(max);
  if (outside) throw outOfRange('value', rangeFor(size, signed, bigint), value);
  return checkRead(buf, offset, size);
}

type Method = (this: Bytes, ...args: unknown[]) => unknown;

function writeFixed(buf: Bytes, value: number, offset: unknown, size: number, signed: boolean, little: boolean): number {
  if (size === 1) {
    validateNumber(offset, 'offset');
    const min = signed ? -128 : 0;
    const max = signed ? 127 : 255;
    if (value > max || value < min) throw outOfRange('value', `>= ${min} and <= ${max}`, value);
    if (buf[offset] === undefined) boundsError(offset, buf.length - 1);
    buf[offset] = value;
    return offset + 1;
  }
  return writeVariable(buf, Math.trunc(value) || 0, checkInt(buf, value, offset, size, signed), size, little);
}

function fixedReaders(): Record<string, Method> {
  const methods: Record<string, Method> = {};
  for (const [size, name] of [
    [1, '8'],
    [2, '16'],
    [4, '32'],
  ] as const) {
    for (const signed of [false, true]) {
      for (const end of size === 1 ? [''] : ['LE', 'BE']) {
        const little = end !== 'BE';
        methods[`read${signed ? 'Int' : 'UInt'}${name}${end}`] = function (this: Bytes, offset: unknown = 0) {
          return readVariable(this, checkRead(this, offset, size), size, little, signed);
        };
        methods[`write${signed ? 'Int' : 'UInt'}${name}${end}`] = function (this: Bytes, value: unknown, offset: unknown = 0) {
          return writeFixed(this, +(value as number), offset, size, signed, little);
        };
      }
    }
  }
  for (const end of ['LE', 'BE']) {
    const little = end === 'LE';
    methods[`readFloat${end}`] = function (this: Bytes, offset: unknown = 0) {
      return view(this).getFloat32(checkRead(this, offset, 4), little);
    };
    methods[`readDouble${end}`] = function (this: Bytes, offset: unknown = 0) {
      return view(this).getFloat64(checkRead(this, offset, 8), little);
    };
    methods[`writeFloat${end}`] = function (this: Bytes, value: unknown, offset: unknown = 0) {
      const at = checkRead(this, offset, 4);
      view(this).setFloat32(at, +(value as number), little);
      return at + 4;
    };
    methods[`writeDouble${end}`] = function (this: Bytes, value: unknown, offset: unknown = 0) {
      const at = checkRead(this, offset, 8);
      view(this).setFloat64(at, +(value as number), little);
      return at + 8;
    };
    for (const signed of [false, true]) {
      methods[`readBig${signed ? 'Int' : 'UInt'}64${end}`] = function (this: Bytes, offset: unknown = 0) {
        const at = checkRead(this, offset, 8);
        return signed ? view(this).getBigInt64(at, little) : view(this).getBigUint64(at, little);
      };
      methods[`writeBig${signed ? 'Int' : 'UInt'}64${end}`] = function (this: Bytes, value: unknown, offset: unknown = 0) {
        if (typeof value !== 'bigint') throw argTypeError('value', 'bigint', value);
        const at = checkInt(this, value, offset, 8, signed);
        if (signed) view(this).setBigInt64(at, value, little);
        else view(this).setBigUint64(at, value, little);
        return at + 8;
      };
    }
  }
  return methods;
}

function variableMethods(): Record<string, Method> {
  const methods: Record<string, Method> = {};
  for (const signed of [false, true]) {
    for (const end of ['LE', 'BE']) {
      const little = end === 'LE';
      methods[`read${signed ? 'Int' : 'UInt'}${end}`] = function (this: Bytes, offset: unknown, byteLength: unknown) {
        if (offset === undefined) throw argTypeError('offset', 'number', offset);
        if (typeof byteLength !== 'number' || byteLength < 1 || byteLength > 6 || !Number.isInteger(byteLength)) boundsError(byteLength, 6, 'byteLength');
        return readVariable(this, checkRead(this, offset, byteLength), byteLength, little, signed);
      };
      methods[`write${signed ? 'Int' : 'UInt'}${end}`] = function (this: Bytes, value: unknown, offset: unknown, byteLength: unknown) {
        if (typeof byteLength !== 'number' || byteLength < 1 || byteLength > 6 || !Number.isInteger(byteLength)) boundsError(byteLength, 6, 'byteLength');
        return writeFixed(this, +(value as number), offset, byteLength, signed, little);
      };
    }
  }
  return methods;
}

const fixed = fixedReaders();

/** Node's number accessors, with their `Uint` aliases (readUint8 = readUInt8 …). */
export function numberAccessors(): Record<string, Method> {
  const all = { ...fixed, ...variableMethods() };
  for (const [name, method] of Object.entries(all)) if (name.includes('UInt')) all[name.replace('UInt', 'Uint')] = method;
  return all;
}
