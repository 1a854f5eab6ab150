/**
 * Work a Node program starts through the browser's own promise-based APIs (fetch and the reading of its body,
 * WebAssembly compilation, Web Crypto), which Node would count as pending and so keep the process alive until it
 * settles. The runtime cannot see a bare promise; wrapping these functions lets each call hold the process while
 * it runs, so a program awaiting a slow fetch or a large wasm build is not ended as idle before it prints its
 * result. Only for a process that has its global scope to itself (one in a worker): on a shared thread, a call
 * could not be told apart from another process's.
 */
import type { Hold } from './hold';

const WEBASSEMBLY = ['compile', 'instantiate', 'compileStreaming', 'instantiateStreaming'];
/** Reading a body: a fetch's promise settles with the headers, and a large or slow body arrives after them. */
const BODY_READS = ['text', 'json', 'arrayBuffer', 'blob', 'formData', 'bytes'];
const SUBTLE = ['digest', 'encrypt', 'decrypt', 'sign', 'verify', 'generateKey', 'deriveKey', 'deriveBits', 'importKey', 'exportKey', 'wrapKey', 'unwrapKey'];

/** Makes the functions hold the process while their promises are pending; returns what undoes it. */
export function holdWhilePending(scope: typeof globalThis, hold: Hold): () => void {
  const restores: (() => void)[] = [];
  const wrap = (target: object | undefined, name: string) => {
    if (!target) return;
    const original: unknown = Reflect.get(target, name);
    if (typeof original !== 'function') return;
    const own = Object.getOwnPropertyDescriptor(target, name);
    const held = function (this: unknown, ...args: unknown[]): unknown {
      const release = hold();
      try {
        const result: unknown = Reflect.apply(original, this, args);
        if (result instanceof Promise) result.then(release, release);
        else release();
        return result;
      } catch (error) {
        release();
        throw error;
      }
    };
    Object.defineProperty(held, 'name', { value: original.name });
    Object.defineProperty(target, name, { value: held, writable: true, configurable: true, enumerable: own?.enumerable ?? false });
    restores.push(() => {
      if (own) Object.defineProperty(target, name, own);
      else Reflect.deleteProperty(target, name);
    });
  };
  wrap(scope, 'fetch');
  for (const name of WEBASSEMBLY) wrap(scope.WebAssembly, name);
  for (const name of SUBTLE) wrap(scope.crypto?.subtle, name);
  for (const name of BODY_READS) {
    wrap(scope.Response?.prototype, name);
    wrap(scope.Blob?.prototype, name);
  }
  return () => {
    for (const restore of restores.reverse()) restore();
  };
}
