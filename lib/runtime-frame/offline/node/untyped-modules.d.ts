// Packages the loader uses that ship no type declarations.
// The `events` package (Node's EventEmitter for browsers) ships no types; it has Node's shape.
declare module 'events/events.js' {
  import { EventEmitter } from 'node:events';
  export default EventEmitter;
}

// sha.js ships no types: a factory of incremental hashes.
declare module 'sha.js' {
  interface ShaHash {
    update(data: Uint8Array | string, encoding?: string): ShaHash;
    digest(): Uint8Array;
  }
  const sha: (algorithm: string) => ShaHash;
  export default sha;
}

// Node's own util.parseArgs, published for older Nodes; it ships no types.
declare module '@pkgjs/parseargs' {
  export function parseArgs(config?: Record<string, unknown>): { values: Record<string, unknown>; positionals: string[]; tokens?: unknown[] };
}

// punycode.js (the library Node's `punycode` module is) ships no types.
declare module 'punycode/punycode.js' {
  const punycode: Record<string, unknown>;
  export default punycode;
}

// readable-stream (Node's stream module, published for other runtimes) ships no types; its lib/stream.js is
// the module object Node's `stream` is: the legacy Stream function carrying the classes and helpers.
declare module 'readable-stream/lib/stream.js' {
  const stream: Record<string, unknown> & ((...args: unknown[]) => unknown);
  export default stream;
}

// The `process` package (process.nextTick and friends for browsers) ships no types.
declare module 'process/' {
  const process: Record<string, unknown>;
  export default process;
}

// The assert package (Node's assert module for browsers) ships no types; the folder form keeps bundlers from
// taking it for Node's built-in.
declare module 'assert/' {
  const assert: ((value: unknown, message?: string | Error) => void) & Record<string, unknown>;
  export default assert;
}

// The string_decoder package (the JavaScript form of Node's decoder) ships no types.
declare module 'string_decoder/' {
  export const StringDecoder: new (encoding?: string) => unknown;
}

// The url package (Node's legacy url.js for browsers) ships no types; the runtime types what it uses.
declare module 'url/url.js' {
  const url: Record<string, unknown>;
  export default url;
}
