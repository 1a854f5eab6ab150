/**
 * When an I/O callback runs (an fs call's, a loopback socket's delivery, an HTTP response reaching its client):
 * on a later task, as Node calls it once the operation is done. A zero-delay setTimeout would do, but browsers
 * clamp a timer set from a timer's callback to 4 ms after five levels, and a program that chains I/O sets each
 * call from the previous one's callback: chokidar and readdirp walk a tree so as Vite's watcher starts. 200
 * sequential `fs.stat` callbacks took 1.6 s (5 ms through promises), and 100 HTTP requests from a process to
 * its own server 0.9 s. Node's immediates, as a process in a worker has them (node-timers.ts), run on a message
 * task that is never clamped, and keep the process alive until they have run, as a pending request does in Node.
 */
export function afterIo(callback: () => void): void {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  if (typeof immediate === 'function') immediate(callback);
  else setTimeout(callback, 0);
}
