// The Node modules the suite measures, the file-name prefixes in Node's test/parallel that belong to each, and
// how many files each contributes (roughly in proportion to how many Node has; small modules give all they have).
export const MODULES = [
  { id: 'assert', prefixes: ['test-assert'], quota: 12 },
  { id: 'async_hooks', prefixes: ['test-async-hooks-', 'test-async-local-storage-'], quota: 20 },
  { id: 'buffer', prefixes: ['test-buffer-'], quota: 35 },
  { id: 'child_process', prefixes: ['test-child-process-'], quota: 30 },
  { id: 'crypto', prefixes: ['test-crypto-', 'test-webcrypto-'], quota: 25 },
  { id: 'events', prefixes: ['test-event-emitter-', 'test-events-'], quota: 25 },
  { id: 'fs', prefixes: ['test-fs-'], quota: 60 },
  { id: 'http', prefixes: ['test-http-'], quota: 50 },
  { id: 'path', prefixes: ['test-path'], quota: 12 },
  { id: 'querystring', prefixes: ['test-querystring'], quota: 4 },
  { id: 'stream', prefixes: ['test-stream-', 'test-stream2-', 'test-stream3-', 'test-readable-'], quota: 60 },
  { id: 'string_decoder', prefixes: ['test-string-decoder'], quota: 3 },
  { id: 'timers', prefixes: ['test-timers'], quota: 25 },
  { id: 'url', prefixes: ['test-url', 'test-whatwg-url-'], quota: 25 },
  { id: 'util', prefixes: ['test-util'], quota: 25 },
  { id: 'worker_threads', prefixes: ['test-worker-'], quota: 25 },
  { id: 'zlib', prefixes: ['test-zlib'], quota: 20 },
];
