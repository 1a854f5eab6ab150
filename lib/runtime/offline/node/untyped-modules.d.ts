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
