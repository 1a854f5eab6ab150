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
