/**
 * Compiled WebAssembly shared between the processes of one file system. A package's native part built for
 * WebAssembly (Rolldown's is 12 MB) is compiled by every process that loads it, and the engine then spends
 * seconds of background CPU optimizing its hot functions again: `vite build` after `vite dev` compiled Rolldown a
 * second time. Node maps a native addon it has loaded before at almost no cost; here a process hands the module
 * it compiled to the frame, and the frame gives every later process the modules it has, in the process's first
 * message, so a `new WebAssembly.Module(bytes)` (or `compile`/`instantiate` of bytes) with the same bytes gets the
 * compiled module at once, optimized code included.
 *
 * Workspace code could hand the frame any module under any bytes' key; so could it rewrite the .wasm file
 * itself, which every process of the workspace reads, so that gives it nothing more.
 */
import { perFileSystem } from './per-file-system';

/** Below this size compiling costs less than hashing and keeping. */
export const SHARED_WASM_MIN_BYTES = 1 << 20;
/** Source bytes of the modules the frame keeps per file system. */
const BUDGET_BYTES = 256 << 20;

/**
 * A 53-bit hash of the bytes (cyrb53), with their length: what tells two builds of a module apart. The bytes are
 * taken four at a time (from an aligned copy when the view is not aligned, so that where they sit does not change
 * the key): the process that loads Rolldown hashes its 12 MB on every start, and a byte at a time took about 20 ms.
 */
export function wasmKey(bytes: Uint8Array): string {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length >>> 2);
  let h1 = 0xdeadbeef ^ bytes.length;
  let h2 = 0x41c6ce57 ^ bytes.length;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as number;
    h1 = Math.imul(h1 ^ word, 2654435761);
    h2 = Math.imul(h2 ^ word, 1597334677);
  }
  for (let i = words.length * 4; i < aligned.length; i++) {
    h1 = Math.imul(h1 ^ (aligned[i] as number), 2654435761);
    h2 = Math.imul(h2 ^ (aligned[i] as number), 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${bytes.length}:${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

function bytesOf(source: unknown): Uint8Array | null {
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && source instanceof SharedArrayBuffer)) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  return null;
}

type OfferModule = (key: string, bytes: number, module: WebAssembly.Module) => void;

/**
 * Makes this realm's WebAssembly constructors take modules from `known` and offer the ones they compile.
 * Packages read `WebAssembly.Module` when they compile, so replacing the namespace's functions is enough.
 */
export function shareCompiledWasm(known: Map<string, WebAssembly.Module>, offer: OfferModule, wasm: typeof WebAssembly = WebAssembly): void {
  const Native = wasm.Module;
  const nativeCompile = wasm.compile.bind(wasm);
  const nativeInstantiate = wasm.instantiate.bind(wasm) as (source: unknown, imports?: WebAssembly.Imports) => Promise<unknown>;
  const lookup = (source: unknown) => {
    const bytes = bytesOf(source);
    if (!bytes || bytes.byteLength < SHARED_WASM_MIN_BYTES) return null;
    const key = wasmKey(bytes);
    return { key, size: bytes.byteLength, module: known.get(key) };
  };
  const keep = (found: { key: string; size: number } | null, module: WebAssembly.Module) => {
    if (!found || known.has(found.key)) return;
    known.set(found.key, module);
    offer(found.key, found.size, module);
  };
  wasm.Module = new Proxy(Native, {
    construct(target, args, newTarget) {
      const found = lookup(args[0]);
      if (found?.module) return found.module;
      const module = Reflect.construct(target, args, newTarget) as WebAssembly.Module;
      keep(found, module);
      return module;
    },
  });
  wasm.compile = async (source: BufferSource, ...rest: unknown[]) => {
    const found = lookup(source);
    if (found?.module) return found.module;
    const module = await (nativeCompile as (source: BufferSource, ...rest: unknown[]) => Promise<WebAssembly.Module>)(source, ...rest);
    keep(found, module);
    return module;
  };
  wasm.instantiate = (async (source: unknown, imports?: WebAssembly.Imports) => {
    if (source instanceof Native) return nativeInstantiate(source, imports);
    const found = lookup(source);
    if (found?.module) return { module: found.module, instance: await nativeInstantiate(found.module, imports) };
    const result = (await nativeInstantiate(source, imports)) as { module: WebAssembly.Module; instance: WebAssembly.Instance };
    keep(found, result.module);
    return result;
  }) as typeof WebAssembly.instantiate;
}

/** The frame's keep of modules per file system, within a budget of source bytes (oldest dropped first). */
export class FrameWasmModules {
  private readonly modules = new Map<string, { module: WebAssembly.Module; bytes: number }>();
  private total = 0;
  private readonly budget: number;

  constructor(budget = BUDGET_BYTES) {
    this.budget = budget;
  }

  add(key: string, bytes: number, module: WebAssembly.Module): void {
    if (this.modules.has(key) || bytes > this.budget) return;
    this.modules.set(key, { module, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.modules) {
      if (this.total <= this.budget) break;
      this.modules.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  /** What a new process is given. */
  entries(): [string, WebAssembly.Module][] {
    return [...this.modules].map(([key, entry]) => [key, entry.module]);
  }
}

/** The modules kept for a file system, made on first use. */
export const frameWasmModules = perFileSystem(() => new FrameWasmModules());
