/**
 * The Node 22 built-in modules almostnode lacks or has only in part: `stream/consumers`, a complete
 * `stream/web`, `timers/promises`, `constants`, `punycode`, `repl`, `trace_events`, `wasi`, the legacy
 * `_http_*`/`_stream_*`/`_tls_*` modules, and what `async_hooks`, `perf_hooks`, `vm`, `v8`, `timers` and `zlib` miss.
 * What cannot work in a tab (a REPL on the terminal, WASI) exists and says so in Node's words when used.
 */
import punycode from 'punycode/punycode.js';
import { asyncHooksModule } from './async-hooks';
import { bufferModule } from './buffer';
import { httpCommon } from './http-validate';
import { unavailable, unavailableFunction } from './node-errors';
import { streamConsumersModule } from './stream-consumers';
import { pathModule } from './path';
import { querystringModule } from './querystring';
import { stringDecoderModule } from './string-decoder';
import { legacyTimers } from './timers-legacy';
import { installedNodeTimers } from './node-timers';
import { timersPromisesModule } from './timers-promises';
import { urlModule } from './url-module';
import { domainModule } from './domain-module';
import { zlibModule } from './zlib-streams';
import { vmThisContext } from './vm-this-context';

type Module = Record<string, unknown>;

interface Node22Context {
  /** almostnode's shim of a module, or a throw when it has none. */
  almost(name: string): Module;
  /** A built-in as this process sees it (cached). */
  builtin(name: string): unknown;
  Buffer: Parameters<typeof streamConsumersModule>[0];
  setImmediate(callback: () => void): unknown;
  clearImmediate(handle: unknown): void;
}

function streamWeb(): Module {
  const names = [
    'ReadableStream',
    'ReadableStreamDefaultReader',
    'ReadableStreamBYOBReader',
    'ReadableStreamBYOBRequest',
    'ReadableByteStreamController',
    'ReadableStreamDefaultController',
    'TransformStream',
    'TransformStreamDefaultController',
    'WritableStream',
    'WritableStreamDefaultWriter',
    'WritableStreamDefaultController',
    'ByteLengthQueuingStrategy',
    'CountQueuingStrategy',
    'TextEncoderStream',
    'TextDecoderStream',
    'CompressionStream',
    'DecompressionStream',
  ];
  const scope = globalThis as unknown as Module;
  return Object.fromEntries(names.map((name) => [name, scope[name]]));
}

class Recoverable extends SyntaxError {
  constructor(readonly err: Error) {
    super(err?.message);
  }
}

function replModule(builtinNames: readonly string[]): Module {
  // A constructor function, as Node's REPLServer is: `new repl.REPLServer()` throws Node's platform error.
  function REPLServer(): never {
    throw unavailable('repl.REPLServer');
  }
  return {
    start: unavailableFunction('repl.start'),
    REPLServer,
    Recoverable,
    REPL_MODE_SLOPPY: Symbol('repl-sloppy'),
    REPL_MODE_STRICT: Symbol('repl-strict'),
    builtinModules: builtinNames.filter((name) => !name.startsWith('_')),
  };
}

function traceEventsModule(): Module {
  return {
    createTracing({ categories }: { categories: string[] }) {
      let enabled = false;
      return {
        categories: categories.join(','),
        get enabled() {
          return enabled;
        },
        enable: () => void (enabled = true),
        disable: () => void (enabled = false),
      };
    },
    getEnabledCategories: () => undefined,
  };
}

function wasiModule(): Module {
  function WASI(): never {
    throw unavailable('wasi.WASI');
  }
  return { WASI };
}

function perfHooksModule(almost: Module): Module {
  const scope = globalThis as unknown as Module;
  const performance = almost.performance as { now(): number };
  const timerify = (fn: (...args: unknown[]) => unknown) =>
    function timerified(this: unknown, ...args: unknown[]) {
      return new.target ? Reflect.construct(fn, args, new.target) : Reflect.apply(fn, this, args);
    };
  return {
    ...almost,
    Performance: scope.Performance,
    PerformanceEntry: scope.PerformanceEntry,
    PerformanceMark: scope.PerformanceMark,
    PerformanceMeasure: scope.PerformanceMeasure,
    PerformanceObserverEntryList: scope.PerformanceObserverEntryList,
    PerformanceResourceTiming: scope.PerformanceResourceTiming,
    constants: {
      NODE_PERFORMANCE_GC_MAJOR: 4,
      NODE_PERFORMANCE_GC_MINOR: 1,
      NODE_PERFORMANCE_GC_INCREMENTAL: 8,
      NODE_PERFORMANCE_GC_WEAKCB: 16,
      NODE_PERFORMANCE_GC_FLAGS_NO: 0,
      NODE_PERFORMANCE_GC_FLAGS_FORCED: 4,
    },
    // A tab cannot see its event loop's idle time; "never idle" is a true lower bound.
    eventLoopUtilization: () => ({ idle: 0, active: performance.now(), utilization: 1 }),
    timerify,
  };
}

function vmModule(almost: Module): Module {
  const own = vmThisContext(almost);
  const Script = own.Script as new (code: string, options?: unknown) => unknown;
  return {
    ...almost,
    ...own,
    createScript: (code: string, options?: unknown) => new Script(code, options),
    measureMemory: () => Promise.reject(unavailable('vm.measureMemory')),
    constants: { USE_MAIN_CONTEXT_DEFAULT_LOADER: Symbol('vm_dynamic_import_main_context_default'), DONT_CONTEXTIFY: Symbol('vm_context_no_contextify') },
  };
}

function v8Module(almost: Module): Module {
  return {
    ...almost,
    cachedDataVersionTag: () => 0,
    isStringOneByteRepresentation: (text: string) => [...text].every((char) => char.charCodeAt(0) <= 0xff),
    setHeapSnapshotNearHeapLimit: () => undefined,
    queryObjects: unavailableFunction('v8.queryObjects'),
    startupSnapshot: {
      isBuildingSnapshot: () => false,
      addSerializeCallback: unavailableFunction('v8.startupSnapshot.addSerializeCallback'),
      addDeserializeCallback: unavailableFunction('v8.startupSnapshot.addDeserializeCallback'),
      setDeserializeMainFunction: unavailableFunction('v8.startupSnapshot.setDeserializeMainFunction'),
    },
    GCProfiler: class GCProfiler {
      start() {}
      stop() {
        return { version: 1, startTime: 0, endTime: 0, statistics: [] };
      }
    },
  };
}

function constantsModule(os: Module, fs: Module, crypto: Module): Module {
  const osConstants = (os.constants ?? {}) as Module;
  return {
    ...(osConstants.errno as Module),
    ...(osConstants.signals as Module),
    priority: osConstants.priority,
    ...(fs.constants as Module),
    ...(crypto.constants as Module),
  };
}

/** The built-in `name` when this file makes it; undefined for the ones made elsewhere. */
export function node22Builtin(name: string, context: Node22Context, builtinNames: readonly string[]): unknown {
  const stream = () => context.builtin('stream') as Module;
  const http = () => context.builtin('http') as Module;
  const tls = () => context.almost('tls');
  switch (name) {
    case 'stream/consumers':
      return streamConsumersModule(context.Buffer);
    case 'stream/web':
      return streamWeb();
    case 'zlib':
      return zlibModule(stream(), context.Buffer as never, {
        nextTick: (fn, ...args) => (context.builtin('process') as { nextTick(fn: unknown, ...args: unknown[]): void }).nextTick(fn, ...args),
        defer: (fn) => void context.setImmediate(fn),
      });
    case 'buffer':
      return bufferModule(context.almost('buffer').Buffer as { prototype: object });
    case 'string_decoder':
      return stringDecoderModule(context.Buffer as never);
    case 'querystring':
      return querystringModule(context.Buffer as never);
    case 'path':
      return pathModule(context.builtin('process') as Parameters<typeof pathModule>[0]);
    case 'path/posix':
      return (context.builtin('path') as Module).posix;
    case 'path/win32':
      return (context.builtin('path') as Module).win32;
    case 'util/types':
      return (context.builtin('util') as Module).types;
    case 'timers/promises':
      return timersPromisesModule(context.setImmediate, context.clearImmediate);
    case 'url':
      return urlModule(
        context.almost('url'),
        {
          parseQuery: (text) => (context.builtin('querystring') as { parse(text: string): Record<string, unknown> }).parse(text),
          warn: (message, type, code) => (context.builtin('process') as { emitWarning(...args: unknown[]): void }).emitWarning(message, type, code),
        },
        (path) => (context.builtin('path') as { resolve(path: string): string }).resolve(path),
      );
    case 'domain':
      return domainModule(context.almost('domain'));
    case 'timers':
      return {
        ...context.almost('timers'),
        ...installedNodeTimers(),
        ...legacyTimers(context.builtin('process') as Parameters<typeof legacyTimers>[0]),
        promises: context.builtin('timers/promises'),
      };
    case 'constants':
      return constantsModule(context.almost('os'), context.builtin('fs') as Module, context.builtin('crypto') as Module);
    case 'punycode':
      return punycode;
    case 'repl':
      return replModule(builtinNames);
    case 'trace_events':
      return traceEventsModule();
    case 'wasi':
      return wasiModule();
    case 'async_hooks':
      return asyncHooksModule(context.almost('async_hooks'), context.builtin('process') as Record<string, unknown>);
    case 'perf_hooks':
      return perfHooksModule(context.almost('perf_hooks'));
    case 'vm':
      return vmModule(context.almost('vm'));
    case 'v8':
      return v8Module(context.almost('v8'));
    case '_stream_readable':
      return stream().Readable;
    case '_stream_writable':
      return stream().Writable;
    case '_stream_duplex':
      return stream().Duplex;
    case '_stream_transform':
      return stream().Transform;
    case '_stream_passthrough':
      return stream().PassThrough;
    case '_stream_wrap':
      return stream().Duplex;
    case '_http_agent':
      return { Agent: http().Agent, globalAgent: http().globalAgent };
    case '_http_client':
      return { ClientRequest: http().ClientRequest };
    case '_http_common':
      return { ...httpCommon, methods: http().METHODS };
    case '_http_incoming':
      return { IncomingMessage: http().IncomingMessage };
    case '_http_outgoing':
      return {
        OutgoingMessage: http().OutgoingMessage ?? http().ServerResponse,
        validateHeaderName: http().validateHeaderName,
        validateHeaderValue: http().validateHeaderValue,
      };
    case '_http_server':
      return { Server: http().Server, ServerResponse: http().ServerResponse, STATUS_CODES: http().STATUS_CODES };
    case '_tls_common':
      return { SecureContext: tls().SecureContext, createSecureContext: tls().createSecureContext };
    case '_tls_wrap':
      return { TLSSocket: tls().TLSSocket, Server: tls().Server, createServer: tls().createServer, connect: tls().connect };
    default:
      return undefined;
  }
}
