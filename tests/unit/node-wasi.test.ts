import { describe, expect, it } from 'vitest';
import { wasiFs, wasiModule } from '@/lib/runtime-frame/offline/node/wasi';

// A WASI program assembled by hand (no compiler is needed to run the test): it writes "hello wasi\n" to fd 1
// with fd_write, then calls proc_exit(3).
const TEXT = 'hello wasi\n';
const bytes = (...items: (number | number[])[]) => items.flat();
const str = (text: string) => [text.length, ...new TextEncoder().encode(text)];
const vec = (...items: number[][]) => [items.length, ...items.flat()];
const section = (id: number, content: number[]) => [id, content.length, ...content];
const u32 = (value: number) => [value & 255, (value >> 8) & 255, (value >> 16) & 255, value >>> 24];

function helloModule(bindingName: string): Uint8Array {
  const I32 = 0x7f;
  const types = vec([0x60, 4, I32, I32, I32, I32, 1, I32], [0x60, 0, 0], [0x60, 1, I32, 0]);
  const imports = vec(bytes(str(bindingName), str('fd_write'), 0, 0), bytes(str(bindingName), str('proc_exit'), 0, 2));
  // fd_write(1, iovs = 16, 1, nwritten = 24): address 0 would be a null pointer to WASI.
  const body = bytes(0, [0x41, 1, 0x41, 16, 0x41, 1, 0x41, 24, 0x10, 0, 0x1a], [0x41, 3, 0x10, 1, 0x0b]);
  const data = bytes(u32(0), u32(0), u32(0), u32(0), u32(32), u32(TEXT.length), u32(0), u32(0), [...new TextEncoder().encode(TEXT)]);
  return new Uint8Array(
    bytes(
      [0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
      section(1, types),
      section(2, imports),
      section(3, vec([1])),
      section(5, vec([0, 1])),
      section(7, vec(bytes(str('memory'), 2, 0), bytes(str('_start'), 0, 2))),
      section(10, vec([body.length, ...body])),
      section(11, vec(bytes(0, [0x41, 0, 0x0b], data.length, data))),
    ),
  );
}

async function instantiate(bytes: Uint8Array, imports: WebAssembly.Imports): Promise<WebAssembly.Instance> {
  const module = await WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>);
  return WebAssembly.instantiate(module, imports);
}

function wasi() {
  const output: string[] = [];
  const errors: string[] = [];
  const exits: number[] = [];
  const module = wasiModule({
    fs: {},
    write: (text) => output.push(text),
    writeError: (text) => errors.push(text),
    exit: (code) => {
      exits.push(code);
      throw new Error(`exit ${code}`);
    },
  });
  return {
    WASI: module.WASI as new (options?: unknown) => {
      getImportObject(): WebAssembly.Imports;
      wasiImport: unknown;
      start(instance: WebAssembly.Instance): number | undefined;
    },
    output,
    errors,
    exits,
  };
}

describe('node:wasi', () => {
  it("runs a preview1 program: its stdout is the process's, start() returns its exit code", async () => {
    const { WASI, output } = wasi();
    const instance = new WASI({ version: 'preview1', args: ['hello'], env: { A: '1' } });
    const program = await instantiate(helloModule('wasi_snapshot_preview1'), instance.getImportObject());
    expect(instance.start(program)).toBe(3);
    expect(output.join('')).toBe(TEXT);
  });

  it("names the import module by version, as Node does ('unstable' is wasi_unstable)", async () => {
    const { WASI, output } = wasi();
    const instance = new WASI({ version: 'unstable' });
    expect(Object.keys(instance.getImportObject())).toEqual(['wasi_unstable']);
    const program = await instantiate(helloModule('wasi_unstable'), { wasi_unstable: instance.wasiImport as WebAssembly.ModuleImports });
    instance.start(program);
    expect(output.join('')).toBe(TEXT);
  });

  it('with returnOnExit: false, proc_exit ends the process', async () => {
    const { WASI, exits } = wasi();
    const instance = new WASI({ version: 'preview1', returnOnExit: false });
    const program = await instantiate(helloModule('wasi_snapshot_preview1'), instance.getImportObject());
    expect(() => instance.start(program)).toThrow('exit 3');
    expect(exits).toEqual([3]);
  });

  it("refuses a missing or unknown version in Node's words", () => {
    const { WASI } = wasi();
    expect(() => new WASI({})).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE', message: expect.stringContaining('"options.version" property must be of type string') }),
    );
    expect(() => new WASI({ version: 'preview2' })).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_VALUE' }));
  });
});

describe('node:wasi preopens', () => {
  it('opens a preopened directory through the process fs, as Linux opens directories', () => {
    const opened: string[] = [];
    const fs = {
      realpathSync: (path: string) => path,
      statSync: (path: string) => ({
        isDirectory: () => path === '/work',
        isFile: () => path !== '/work',
        isSymbolicLink: () => false,
        isBlockDevice: () => false,
        isCharacterDevice: () => false,
        isFIFO: () => false,
        isSocket: () => false,
      }),
      openSync: (path: string) => {
        opened.push(path);
        throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${path}'`), { code: 'EISDIR' });
      },
      fstatSync: () => {
        throw new Error('EBADF');
      },
      closeSync: () => undefined,
    };
    const module = wasiModule({ fs, write: () => undefined, writeError: () => undefined, exit: () => undefined as never });
    const WASI = module.WASI as new (options: unknown) => { wasiImport: Record<string, unknown> };
    expect(() => new WASI({ version: 'preview1', preopens: { '/': '/work' } })).not.toThrow();
    expect(opened).toEqual([]);
  });
});

describe("WASI's view of the process fs", () => {
  it('gives BigInt stats when asked, as Node does, keeping the methods', () => {
    const stats = { size: 5, ino: 7, mtimeMs: 1.5, isFile: () => true };
    const fs = wasiFs({
      openSync: () => 3,
      closeSync: () => undefined,
      fstatSync: () => stats,
      statSync: () => ({ ...stats, isDirectory: () => false }),
      lstatSync: () => stats,
    });
    const big = fs.fstatSync(3, { bigint: true }) as { size: bigint; ino: bigint; mtimeNs: bigint; isFile(): boolean };
    expect(big.size).toBe(5n);
    expect(big.ino).toBe(7n);
    expect(big.mtimeNs).toBe(1_000_000n);
    expect(big.isFile()).toBe(true);
    expect(fs.fstatSync(3)).toBe(stats);
  });
});
