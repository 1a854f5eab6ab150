/**
 * Node's built-in modules as one process sees them. Most are almostnode's shims, reached through an
 * almostnode Runtime's own `require`; the ones programs need to behave per process or like Node's are built
 * here: fs (relative to this process's cwd), process, console, module (this loader's require), events,
 * stream, diagnostics_channel, util, and assert.
 */
import { assertModule } from './assert';
import { BUILTIN_NAMES } from './builtin-names';
import { node22Builtin } from './node22-builtins';
import type { Inspect } from './console';
import { cryptoModule, type StreamClasses } from './crypto';
import { diagnosticsChannelModule } from './diagnostics-channel';
import { errorWithCode, nodeModulePaths, CjsModule } from './records';
import { testModule, type TestModuleParts } from './test/module';
import { readlineModule } from './readline';
import { ttyModule } from './tty';
import { utilModule } from './util';
import type { ModuleLoader } from './loader';

export type AlmostRequire = (id: string) => unknown;

interface BuiltinParts {
  almostRequire: AlmostRequire;
  /** Shared by every process of a page: module objects that hold no per-process state. */
  shared: { events: unknown; stream: unknown; net: unknown; http: unknown; https: unknown };
  process: unknown;
  console: Record<string, unknown>;
  fs: Record<string, unknown>;
  inspect: Inspect;
  loader: () => ModuleLoader;
  timers: { setImmediate(callback: () => void): unknown; clearImmediate(handle: unknown): void };
  /** `child_process` of this process, where the runtime can start others. */
  childProcess?: () => unknown;
  /** `worker_threads` and `wasi` of this process, where built per process. */
  workerThreads?: () => unknown;
  wasi?: () => unknown;
}

type Module = Record<string, unknown>;

function moduleModule(parts: BuiltinParts, almost: Module): Module {
  const createRequire = (from: string | URL) => {
    const text = String(from);
    const filename = text.startsWith('file://') ? decodeURIComponent(new URL(text).pathname) : text;
    const module = new CjsModule(filename, filename, null);
    module.require = parts.loader().makeRequire(module);
    return module.require;
  };
  const Module = function Module(this: Module, id = '') {
    Object.assign(this, { id, exports: {}, loaded: false, children: [] });
  } as unknown as Module & ((id?: string) => void);
  Object.assign(Module, {
    builtinModules: [...BUILTIN_NAMES],
    createRequire,
    isBuiltin: (name: string) => BUILTIN_NAMES.includes(name.replace(/^node:/, '')),
    _cache: parts.loader().cache,
    _extensions: { '.js': () => undefined, '.json': () => undefined, '.node': () => undefined },
    _nodeModulePaths: nodeModulePaths,
    _resolveFilename: (request: string, parent?: { filename?: string }) => {
      const cwd = (parts.process as { cwd(): string }).cwd();
      return (createRequire(parent?.filename ?? `${cwd}/[eval]`).resolve as (id: string) => string)(request);
    },
    wrap: (code: string) => `(function (exports, require, module, __filename, __dirname) { ${code}\n});`,
    // Customization hooks would have to run inside this loader; the call is accepted and says they will not run.
    register: (specifier: string | URL) => {
      (parts.process as { emitWarning(message: string, type: string): void }).emitWarning(
        `module.register('${String(specifier)}'): customization hooks are not run by this runtime's module loader; modules load without them`,
        'Warning',
      );
    },
    syncBuiltinESMExports: () => undefined,
    enableCompileCache: () => ({ status: 3 }),
    getCompileCacheDir: () => undefined,
    findSourceMap: () => undefined,
    constants: { compileCacheStatus: { FAILED: 0, ENABLED: 1, ALREADY_ENABLED: 2, DISABLED: 3 } },
  });
  (Module as unknown as { prototype: Record<string, unknown> }).prototype._compile = function (this: { exports: unknown }, source: string, filename: string) {
    parts.loader().compileInto(this, source, filename);
  };
  Module.Module = Module;
  Module.default = Module;
  return { ...almost, ...Module, Module, default: Module } as Module;
}

export function createBuiltins(parts: BuiltinParts): (name: string) => unknown {
  const cache = new Map<string, unknown>();
  const almost = (name: string): Module => {
    try {
      return parts.almostRequire(name) as Module;
    } catch {
      throw errorWithCode(new Error(`No such built-in module: node:${name}`), 'ERR_UNKNOWN_BUILTIN_MODULE');
    }
  };
  // Frozen shims (namespace objects) are copied so a program may patch them, as programs patch Node's.
  const own = (value: Module) => (Object.isFrozen(value) ? { ...value } : value);
  // The modules that make Buffers make the programs' own class, whose instances deep-equal the ones programs make.
  const programBuffer = (): unknown => (builtin('buffer') as { Buffer: unknown }).Buffer;
  const build = (name: string): unknown => {
    switch (name) {
      case 'fs':
        return parts.fs;
      case 'fs/promises':
        return parts.fs.promises;
      case 'process':
        return parts.process;
      case 'console':
        return parts.console;
      case 'events':
        return parts.shared.events;
      case 'stream':
        return parts.shared.stream;
      case 'net':
        return parts.shared.net;
      case 'http':
        return parts.shared.http;
      case 'https':
        return parts.shared.https;
      case 'child_process':
        return parts.childProcess ? parts.childProcess() : own(almost(name));
      case 'worker_threads':
        return parts.workerThreads ? parts.workerThreads() : own(almost(name));

      case 'crypto':
        return cryptoModule(almost('crypto'), programBuffer() as Parameters<typeof cryptoModule>[1], parts.shared.stream as StreamClasses);
      case 'stream/promises':
        return (parts.shared.stream as Module).promises;
      case 'diagnostics_channel':
        return diagnosticsChannelModule();
      case 'module':
        return moduleModule(parts, almost('module'));
      case 'test': // only as node:test; a bare 'test' is a package, as in Node
        return testModule({
          process: parts.process as TestModuleParts['process'],
          assert: builtin('assert') as Module,
          inspect: parts.inspect,
          fs: parts.fs as unknown as TestModuleParts['fs'],
        });
      case 'util':
      case 'sys':
        return utilModule(own(almost('util')), {
          process: parts.process as Parameters<typeof utilModule>[1]['process'],
          inspect: parts.inspect,
          writeError: (text) => (parts.console.error as (text: string) => void)(text.replace(/\n$/, '')),
          // Node's util has assert's deep strict equality since 9 (svelte-check calls it).
          isDeepStrictEqual: (actual, expected) => {
            try {
              (builtin('assert') as { deepStrictEqual(a: unknown, b: unknown): void }).deepStrictEqual(actual, expected);
              return true;
            } catch {
              return false;
            }
          },
        });
      case 'assert':
        return assertModule();
      case 'assert/strict':
        return (builtin('assert') as Module).strict;
      case 'dns/promises':
        return (almost('dns') as Module).promises;
      case 'readline': {
        const events = parts.shared.events as { EventEmitter?: unknown };
        return readlineModule((events.EventEmitter ?? events) as never);
      }
      case 'readline/promises':
        return (builtin('readline') as Module).promises;
      case 'tty':
        return ttyModule(almost('tty') as Module, parts.process as never);
      case 'wasi':
        if (parts.wasi) return parts.wasi();
      // falls through: without a file system to give it, wasi is the module that says it cannot run
      default: {
        const made = node22Builtin(
          name,
          {
            almost,
            builtin,
            get Buffer() {
              return programBuffer() as never;
            },
            ...parts.timers,
          },
          BUILTIN_NAMES,
        );
        if (made !== undefined) return made;
        if (!BUILTIN_NAMES.includes(name)) throw errorWithCode(new Error(`No such built-in module: node:${name}`), 'ERR_UNKNOWN_BUILTIN_MODULE');
        return own(almost(name));
      }
    }
  };
  const builtin = (name: string): unknown => {
    if (!cache.has(name)) cache.set(name, build(name));
    return cache.get(name);
  };
  return builtin;
}
