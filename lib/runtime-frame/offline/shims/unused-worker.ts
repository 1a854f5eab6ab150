// Stand-in for almostnode's `new Worker(new URL('/assets/runtime-worker-….js', import.meta.url))` in its
// WorkerRuntime, which Tabsmith never uses; without an alias the bundler cannot resolve that absolute URL.
export {};
