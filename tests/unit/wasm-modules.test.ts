/**
 * WebAssembly compiled once per page: a process offers the modules it compiles, and a later process given them
 * gets the compiled module for the same bytes instead of compiling it again.
 */
import { describe, expect, it } from 'vitest';
import { FrameWasmModules, SHARED_WASM_MIN_BYTES, shareCompiledWasm, wasmKey } from '@/lib/runtime-frame/offline/workers/wasm-modules';

function leb128(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

/** A valid module exporting `answer() -> 42`, padded with a custom section to `padding` bytes. */
function moduleBytes(padding: number, answer = 42): Uint8Array<ArrayBuffer> {
  const name = [...new TextEncoder().encode('pad')];
  const custom = [name.length, ...name, ...new Array(padding).fill(7)];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...[0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f],
    ...[0x03, 0x02, 0x01, 0x00],
    ...[0x07, 0x0a, 0x01, 0x06, ...new TextEncoder().encode('answer'), 0x00, 0x00],
    ...[0x0a, 0x06, 0x01, 0x04, 0x00, 0x41, answer, 0x0b],
    ...[0x00, ...leb128(custom.length), ...custom],
  ]);
}

/** A process's own WebAssembly namespace (each worker has one), sharing through `known`. */
function processRealm(known: Map<string, WebAssembly.Module>, offers: [string, number, WebAssembly.Module][]) {
  const wasm = {
    Module: WebAssembly.Module,
    Instance: WebAssembly.Instance,
    compile: WebAssembly.compile,
    instantiate: WebAssembly.instantiate,
  } as unknown as typeof WebAssembly;
  shareCompiledWasm(known, (key, bytes, module) => offers.push([key, bytes, module]), wasm);
  return wasm;
}

const answerOf = (instance: WebAssembly.Instance) => (instance.exports.answer as () => number)();

describe('compiled WebAssembly shared between processes', () => {
  const large = moduleBytes(SHARED_WASM_MIN_BYTES);

  it('offers what a process compiles, and a later process gets that module for the same bytes, ready to instantiate', async () => {
    const offers: [string, number, WebAssembly.Module][] = [];
    const first = processRealm(new Map(), offers);
    const compiled = new first.Module(large);
    expect(offers).toHaveLength(1);
    expect(offers[0]?.[0]).toBe(wasmKey(large));
    expect(offers[0]?.[1]).toBe(large.byteLength);

    const frame = new FrameWasmModules();
    for (const [key, bytes, module] of offers) frame.add(key, bytes, module);
    const later: [string, number, WebAssembly.Module][] = [];
    const second = processRealm(new Map(frame.entries()), later);
    const taken = new second.Module(large.slice());
    expect(taken).toBe(compiled);
    expect(taken instanceof second.Module).toBe(true);
    expect(answerOf(new WebAssembly.Instance(taken, {}))).toBe(42);
    const { module, instance } = (await second.instantiate(large.slice().buffer, {})) as unknown as WebAssembly.WebAssemblyInstantiatedSource;
    expect(module).toBe(compiled);
    expect(answerOf(instance)).toBe(42);
    expect(await second.compile(large)).toBe(compiled);
    expect(later).toHaveLength(0);
  });

  it('compiles other bytes itself, and leaves small modules alone', async () => {
    const offers: [string, number, WebAssembly.Module][] = [];
    const known = new Map([[wasmKey(large), new WebAssembly.Module(large)]]);
    const realm = processRealm(known, offers);
    const other = moduleBytes(SHARED_WASM_MIN_BYTES, 7);
    const { instance } = (await realm.instantiate(other, {})) as unknown as WebAssembly.WebAssemblyInstantiatedSource;
    expect(answerOf(instance)).toBe(7);
    expect(offers.map(([key]) => key)).toEqual([wasmKey(other)]);
    new realm.Module(moduleBytes(16));
    expect(offers).toHaveLength(1);
  });

  it('keys the same bytes alike wherever they sit in memory, and tells apart bytes that differ anywhere', () => {
    const bytes = moduleBytes(4099);
    const key = wasmKey(bytes);
    // A program's file read may hand over a view at any offset of a larger buffer (Node's pooled Buffers).
    for (const offset of [1, 2, 3, 5]) {
      const backing = new Uint8Array(bytes.length + 8);
      backing.set(bytes, offset);
      expect(wasmKey(backing.subarray(offset, offset + bytes.length))).toBe(key);
    }
    for (const at of [0, 1, 2, 1000, bytes.length - 2, bytes.length - 1]) {
      const changed = bytes.slice();
      changed[at] = (changed[at] as number) ^ 1;
      expect(wasmKey(changed)).not.toBe(key);
      const shifted = new Uint8Array(changed.length + 3);
      shifted.set(changed, 3);
      expect(wasmKey(shifted.subarray(3))).not.toBe(key);
    }
  });

  it('keeps within its budget of source bytes, the oldest going first', () => {
    const frame = new FrameWasmModules(100);
    const module = new WebAssembly.Module(moduleBytes(16));
    frame.add('a', 60, module);
    frame.add('b', 30, module);
    frame.add('c', 30, module);
    expect(frame.entries().map(([key]) => key)).toEqual(['b', 'c']);
    frame.add('huge', 101, module);
    expect(frame.entries().map(([key]) => key)).toEqual(['b', 'c']);
  });
});
