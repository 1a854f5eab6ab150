/**
 * A node process's standard input. Its command's input (typed keys, a pipe from another command, a parent's
 * writes to the child's stdin) feeds `process.stdin`: Buffers unless the program chose an encoding, 'end' when
 * a pipe closes, and `for await (const chunk of process.stdin)`. As with a pty or a pipe, input waits until the
 * program reads (a 'data' or 'readable' listener, the async iterator, an fs.read of descriptor 0); what it never
 * read goes back to the shell when the process ends (a line typed while `node` ran is the shell's next command,
 * whole). Bytes a parent wrote stay bytes.
 */
import type { Chunk, CommandIO } from '../process';

interface BufferLike {
  from(data: string | Uint8Array): Uint8Array & { toString(encoding?: string): string };
}

type StdinStream = Record<string | symbol, unknown> & {
  emit(event: string, ...args: unknown[]): boolean;
  listenerCount?(event: string): number;
};

/** Connects the command's input to `stdin`; returns what disconnects it and gives back what was not read. */
export function connectStdin(io: CommandIO, stdin: StdinStream, Buffer: BufferLike): () => void {
  let encoding: string | null = null;
  let ended = false;
  const queue: unknown[] = [];
  const waiting: ((result: IteratorResult<unknown>) => void)[] = [];
  const unread: Chunk[] = [];
  const reading = () =>
    waiting.length > 0 || typeof stdin.listenerCount !== 'function' || stdin.listenerCount('data') > 0 || stdin.listenerCount('readable') > 0;
  const asRead = (data: Chunk) => (!encoding ? Buffer.from(data) : typeof data === 'string' ? data : Buffer.from(data).toString(encoding));
  const deliver = (data: Chunk) => {
    const chunk = asRead(data);
    const next = waiting.shift();
    if (next) next({ value: chunk, done: false });
    else queue.push(chunk);
    stdin.emit('data', chunk);
  };
  const flush = () => {
    while (unread.length > 0 && reading()) deliver(unread.shift() as Chunk);
  };
  for (const method of ['on', 'addListener', 'once', 'prependListener']) {
    const original = stdin[method];
    if (typeof original !== 'function') continue;
    stdin[method] = function (this: unknown, event: string, ...rest: unknown[]) {
      const result: unknown = original.call(this, event, ...rest);
      if (event === 'data' || event === 'readable') queueMicrotask(flush);
      return result;
    };
  }
  stdin.setEncoding = (value: string | null) => ((encoding = value), stdin);
  stdin[Symbol.asyncIterator] = () => ({
    next: () => {
      if (unread.length) queue.push(...unread.splice(0).map(asRead));
      if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
      if (ended) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => waiting.push(resolve));
    },
    return: () => Promise.resolve({ value: undefined, done: true }),
    [Symbol.asyncIterator]() {
      return this;
    },
  });
  const stop = io.stdin.subscribeChunks(
    (data) => {
      if (reading()) deliver(data);
      else unread.push(data);
    },
    () => {
      ended = true;
      for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
      stdin.emit('end');
      stdin.emit('close');
    },
  );
  return () => {
    stop();
    for (const data of unread.splice(0).reverse()) io.stdin.giveBack(data);
  };
}

interface StdinEvents {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
}

/**
 * Reads of descriptor 0 (fs.read(0, …)), as programs compiled from Go or C read their input: each read takes
 * at most `length` bytes of what process.stdin receives, keeps the rest for the next read, and answers null at
 * the end of input. Reads are answered in the order they were made.
 */
export function standardInputReader(stdin: StdinEvents): (length: number) => Promise<Uint8Array | null> {
  let leftover: Uint8Array | null = null;
  let ended = false;
  stdin.on('end', () => void (ended = true));
  let last: Promise<unknown> = Promise.resolve();
  const take = (bytes: Uint8Array, length: number) => {
    leftover = bytes.length > length ? bytes.subarray(length) : null;
    return bytes.subarray(0, length);
  };
  const next = (length: number) =>
    new Promise<Uint8Array | null>((resolve) => {
      if (leftover) return resolve(take(leftover, length));
      if (ended) return resolve(null);
      const onData = (chunk: unknown) => {
        settle();
        resolve(take(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk as Uint8Array), length));
      };
      const onEnd = () => (settle(), resolve(null));
      const settle = () => {
        stdin.removeListener('data', onData);
        stdin.removeListener('end', onEnd);
      };
      stdin.on('data', onData);
      stdin.on('end', onEnd);
    });
  return (length) => {
    const result = last.then(() => next(length));
    last = result;
    return result;
  };
}
