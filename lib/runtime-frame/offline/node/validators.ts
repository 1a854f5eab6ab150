/**
 * Argument checks with Node's error codes and Node's exact messages (ERR_INVALID_ARG_TYPE, ERR_OUT_OF_RANGE,
 * ERR_INVALID_ARG_VALUE, ERR_UNKNOWN_ENCODING), shared by every built-in module the runtime makes, so that a
 * program or test matching on `code` or `message` finds what it would under Node 22.
 */
import { nodeError } from './node-errors';

/** Node's short rendering of a value inside an error message (util.inspect for the primitives). */
export function shortInspect(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value.includes("'") && !value.includes('"') ? `"${value}"` : `'${value.replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'function':
      return value.name ? `[Function: ${value.name}]` : '[Function (anonymous)]';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return value.length === 0 ? '[]' : `[ ${value.map(shortInspect).join(', ')} ]`;
      const ctor = (value as { constructor?: { name?: string } }).constructor;
      const prefix = Object.getPrototypeOf(value) === null ? '[Object: null prototype] ' : ctor && ctor.name !== 'Object' ? `${ctor.name} ` : '';
      const keys = Object.keys(value);
      if (keys.length === 0) return `${prefix}{}`;
      return `${prefix}{ ${keys.map((key) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`}: ${shortInspect((value as Record<string, unknown>)[key])}`).join(', ')} }`;
    }
    default:
      return String(value);
  }
}

/** "Received …" as Node's errors end. */
export function describeReceived(value: unknown): string {
  if (value === null || value === undefined) return `Received ${value}`;
  if (typeof value === 'function') return `Received function ${value.name}`;
  if (typeof value === 'object') {
    const name = (value as { constructor?: { name?: string } }).constructor?.name;
    return name ? `Received an instance of ${name}` : `Received ${shortInspect(value)}`;
  }
  let shown = shortInspect(value);
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return `Received type ${typeof value} (${shown})`;
}

const LOWER_TYPES = ['string', 'function', 'number', 'object', 'Function', 'Object', 'boolean', 'bigint', 'symbol'];
const CLASS_NAME = /^([A-Z][a-z0-9]*)+$/;

function list(items: string[], lead: string): string {
  if (items.length > 2) return `${lead}${items.slice(0, -1).join(', ')}, or ${items[items.length - 1]}`;
  if (items.length === 2) return `${lead}${items[0]} or ${items[1]}`;
  return `${lead}${items[0]}`;
}

/** ERR_INVALID_ARG_TYPE: `expected` are type names ('string'), class names ('Buffer') or phrases. */
export function argTypeError(name: string, expected: string | string[], actual: unknown): Error {
  const wanted = Array.isArray(expected) ? expected : [expected];
  let message = name.endsWith(' argument') ? `The ${name} ` : `The "${name}" ${name.includes('.') ? 'property' : 'argument'} `;
  message += 'must be ';
  const types: string[] = [];
  const instances: string[] = [];
  const other: string[] = [];
  for (const value of wanted) {
    if (LOWER_TYPES.includes(value)) types.push(value.toLowerCase());
    else if (CLASS_NAME.test(value)) instances.push(value);
    else other.push(value);
  }
  if (instances.length > 0 && types.includes('object')) {
    types.splice(types.indexOf('object'), 1);
    instances.push('Object');
  }
  const parts: string[] = [];
  if (types.length > 0) parts.push(types.length === 1 ? `of type ${types[0]}` : list(types, 'one of type '));
  if (instances.length > 0) parts.push(instances.length > 2 ? list(instances, 'an instance of ') : `an instance of ${instances.join(' or ')}`);
  const [first] = other;
  if (first !== undefined) parts.push(other.length === 1 ? `${first.toLowerCase() !== first ? 'an ' : ''}${first}` : list(other, 'one of '));
  message += `${parts.join(' or ')}. ${describeReceived(actual)}`;
  return nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', message);
}

function withSeparators(digits: string): string {
  let result = '';
  let at = digits.length;
  const start = digits[0] === '-' ? 1 : 0;
  for (; at >= start + 4; at -= 3) result = `_${digits.slice(at - 3, at)}${result}`;
  return `${digits.slice(0, at)}${result}`;
}

/** ERR_OUT_OF_RANGE: `The value of "offset" is out of range. It must be >= 0 and <= 3. Received 4` */
export function outOfRange(name: string, range: string, received: unknown, replaceDefault = false): Error {
  let shown: string;
  if (typeof received === 'number' && Number.isInteger(received) && Math.abs(received) > 2 ** 32) shown = withSeparators(String(received));
  else if (typeof received === 'bigint') {
    shown = String(received);
    if (received > 2n ** 32n || received < -(2n ** 32n)) shown = withSeparators(shown);
    shown += 'n';
  } else shown = shortInspect(received);
  const lead = replaceDefault ? name : `The value of "${name}" is out of range.`;
  return nodeError(RangeError, 'ERR_OUT_OF_RANGE', `${lead} It must be ${range}. Received ${shown}`);
}

/** ERR_INVALID_ARG_VALUE: `The argument 'encoding' is invalid. Received 'foo'` */
export function argValueError(name: string, value: unknown, reason = 'is invalid', Kind: new (message: string) => Error = TypeError): Error {
  let shown = shortInspect(value);
  if (shown.length > 128) shown = `${shown.slice(0, 128)}...`;
  const what = name.includes('.') ? 'property' : 'argument';
  return nodeError(Kind, 'ERR_INVALID_ARG_VALUE', `The ${what} '${name}' ${reason}. Received ${shown}`);
}

export function unknownEncoding(encoding: unknown): Error {
  return nodeError(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${String(encoding)}`);
}

export function validateString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') throw argTypeError(name, 'string', value);
}

export function validateFunction(value: unknown, name: string): asserts value is (...args: unknown[]) => unknown {
  if (typeof value !== 'function') throw argTypeError(name, 'Function', value);
}

export function validateBoolean(value: unknown, name: string): asserts value is boolean {
  if (typeof value !== 'boolean') throw argTypeError(name, 'boolean', value);
}

export function validateObject(value: unknown, name: string, options: { allowArray?: boolean; allowFunction?: boolean; nullable?: boolean } = {}): void {
  const ok =
    (options.nullable && value === null) ||
    (value !== null && (typeof value === 'object' || (options.allowFunction && typeof value === 'function')) && (options.allowArray || !Array.isArray(value)));
  if (!ok) throw argTypeError(name, 'Object', value);
}

export function validateNumber(value: unknown, name: string, min?: number, max?: number): asserts value is number {
  if (typeof value !== 'number') throw argTypeError(name, 'number', value);
  if ((min != null && value < min) || (max != null && value > max) || ((min != null || max != null) && Number.isNaN(value))) {
    const range = min != null && max != null ? `>= ${min} && <= ${max}` : min != null ? `>= ${min}` : `<= ${max}`;
    throw outOfRange(name, range, value);
  }
}

export function validateInteger(value: unknown, name: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): asserts value is number {
  if (typeof value !== 'number') throw argTypeError(name, 'number', value);
  if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
}

export function validateInt32(value: unknown, name: string, min = -2147483648, max = 2147483647): asserts value is number {
  if (typeof value !== 'number') throw argTypeError(name, 'number', value);
  if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
}

export function validateUint32(value: unknown, name: string, positive = false): asserts value is number {
  validateInt32(value, name, positive ? 1 : 0, 4294967295);
}

export function validateOneOf(value: unknown, name: string, choices: readonly unknown[]): void {
  if (!choices.includes(value)) {
    throw argValueError(name, value, `must be one of: ${choices.map((choice) => (typeof choice === 'string' ? `'${choice}'` : String(choice))).join(', ')}`);
  }
}

export function validateAbortSignal(signal: unknown, name: string): void {
  if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) throw argTypeError(name, 'AbortSignal', signal);
}
