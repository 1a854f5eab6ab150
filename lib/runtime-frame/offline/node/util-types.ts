/**
 * `util.types` as Node has it. Most checks read an object's internal tag (`Object.prototype.toString`), which
 * says what a value is even when it comes from another realm or has a changed prototype, as Node's C++ checks do.
 */

const tag = (value: unknown) => Object.prototype.toString.call(value).slice(8, -1);
const isObjectLike = (value: unknown): value is object => (typeof value === 'object' && value !== null) || typeof value === 'function';
const tagged = (name: string) => (value: unknown) => isObjectLike(value) && tag(value) === name;
// %TypedArray%.prototype[Symbol.toStringTag] is a getter that names a typed array's kind and is undefined for anything else.
const typedArrayKind = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag)?.get;
const typedArrayTag = (value: unknown): string | undefined => typedArrayKind?.call(value) as string | undefined;
const typedArray = (name: string) => (value: unknown) => typedArrayTag(value) === name;

function boxed(value: unknown, primitive: string): boolean {
  return typeof value === 'object' && value !== null && tag(value) === primitive;
}

const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor;
const GeneratorFunction = Object.getPrototypeOf(function* () {}).constructor;
const AsyncGeneratorFunction = Object.getPrototypeOf(async function* () {}).constructor;

export const utilTypes = {
  isAnyArrayBuffer: (value: unknown) => tagged('ArrayBuffer')(value) || tagged('SharedArrayBuffer')(value),
  isArrayBuffer: tagged('ArrayBuffer'),
  isSharedArrayBuffer: tagged('SharedArrayBuffer'),
  isArgumentsObject: tagged('Arguments'),
  isArrayBufferView: (value: unknown) => ArrayBuffer.isView(value),
  isTypedArray: (value: unknown) => typedArrayTag(value) !== undefined,
  isUint8Array: typedArray('Uint8Array'),
  isUint8ClampedArray: typedArray('Uint8ClampedArray'),
  isUint16Array: typedArray('Uint16Array'),
  isUint32Array: typedArray('Uint32Array'),
  isInt8Array: typedArray('Int8Array'),
  isInt16Array: typedArray('Int16Array'),
  isInt32Array: typedArray('Int32Array'),
  isFloat16Array: typedArray('Float16Array'),
  isFloat32Array: typedArray('Float32Array'),
  isFloat64Array: typedArray('Float64Array'),
  isBigInt64Array: typedArray('BigInt64Array'),
  isBigUint64Array: typedArray('BigUint64Array'),
  isDataView: (value: unknown) => value instanceof DataView || tagged('DataView')(value),
  isAsyncFunction: (value: unknown) => value instanceof AsyncFunction || value instanceof AsyncGeneratorFunction,
  isGeneratorFunction: (value: unknown) => value instanceof GeneratorFunction || value instanceof AsyncGeneratorFunction,
  isGeneratorObject: tagged('Generator'),
  isBooleanObject: (value: unknown) => boxed(value, 'Boolean'),
  isNumberObject: (value: unknown) => boxed(value, 'Number'),
  isStringObject: (value: unknown) => boxed(value, 'String'),
  isSymbolObject: (value: unknown) => boxed(value, 'Symbol'),
  isBigIntObject: (value: unknown) => boxed(value, 'BigInt'),
  isBoxedPrimitive: (value: unknown) => ['Boolean', 'Number', 'String', 'Symbol', 'BigInt'].some((name) => boxed(value, name)),
  isDate: (value: unknown) => value instanceof Date || tagged('Date')(value),
  isRegExp: (value: unknown) => value instanceof RegExp || tagged('RegExp')(value),
  isNativeError: (value: unknown) => value instanceof Error || tagged('Error')(value),
  isMap: (value: unknown) => value instanceof Map,
  isSet: (value: unknown) => value instanceof Set,
  isWeakMap: (value: unknown) => value instanceof WeakMap,
  isWeakSet: (value: unknown) => value instanceof WeakSet,
  isMapIterator: tagged('Map Iterator'),
  isSetIterator: tagged('Set Iterator'),
  isPromise: (value: unknown) => value instanceof Promise || tagged('Promise')(value),
  isModuleNamespaceObject: tagged('Module'),
  // A Proxy cannot be told from its target in JavaScript; Node asks V8. Saying "no" is what a Proxy-free program sees.
  isProxy: () => false,
  isExternal: () => false,
  isKeyObject: (value: unknown) => isObjectLike(value) && tag(value) === 'KeyObject',
  isCryptoKey: (value: unknown) => typeof CryptoKey !== 'undefined' && value instanceof CryptoKey,
};
