/**
 * A synchronous call from a worker to the page that made it, as Node's synchronous APIs need (fs.readFileSync,
 * execSync): the worker posts its request as an ordinary message, then blocks in Atomics.wait on a shared
 * buffer until the page has written the answer there and notified it. The page answers on its own event loop,
 * so it may take as long as it needs (a child process running to its end).
 *
 * An answer larger than the buffer crosses in pieces: the worker copies one, asks for the next, and waits
 * again. One call is outstanding at a time per worker (the caller is blocked until it returns).
 *
 * This file imports nothing: both ends load it, and its tests run it in Node's worker_threads.
 */

/** Header: [state, bytes in this piece, bytes in the whole answer, call id]. */
const HEADER_INTS = 4;
const HEADER_BYTES = HEADER_INTS * 4;
const IDLE = 0;
const READY = 1;

const DEFAULT_CHANNEL_BYTES = 1 << 20;

/** What the worker posts: a new call, or a request for the next piece of the current answer. */
export type SyncCallMessage = { kind: 'sync-call'; id: number; body: unknown } | { kind: 'sync-more'; id: number };

export function createChannelBuffer(bytes = DEFAULT_CHANNEL_BYTES): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + bytes);
}

/** The worker's end. `post` sends a message to the page (the worker's postMessage). */
export class SyncCaller {
  private readonly header: Int32Array;
  private readonly data: Uint8Array;
  private readonly post: (message: SyncCallMessage) => void;
  private nextId = 1;

  // No parameter properties: Node's type stripping, which the tests load this file with, does not take them.
  constructor(buffer: SharedArrayBuffer, post: (message: SyncCallMessage) => void) {
    this.post = post;
    this.header = new Int32Array(buffer, 0, HEADER_INTS);
    this.data = new Uint8Array(buffer, HEADER_BYTES);
  }

  /** Sends `body` to the page and blocks until its whole answer has arrived. */
  call(body: unknown): Uint8Array {
    const id = this.nextId++;
    Atomics.store(this.header, 0, IDLE);
    this.post({ kind: 'sync-call', id, body });
    this.waitFor(id);
    const total = this.header[2] as number;
    const answer = new Uint8Array(total);
    let received = this.copyPiece(answer, 0);
    while (received < total) {
      Atomics.store(this.header, 0, IDLE);
      this.post({ kind: 'sync-more', id });
      this.waitFor(id);
      received = this.copyPiece(answer, received);
    }
    return answer;
  }

  private waitFor(id: number): void {
    while (Atomics.load(this.header, 0) !== READY || this.header[3] !== id) Atomics.wait(this.header, 0, IDLE);
  }

  private copyPiece(answer: Uint8Array, at: number): number {
    const length = this.header[1] as number;
    answer.set(this.data.subarray(0, length), at);
    return at + length;
  }
}

/** The page's end: answers the calls of one worker, in pieces when an answer is larger than the buffer. */
export class SyncAnswerer {
  private readonly header: Int32Array;
  private readonly data: Uint8Array;
  private pending: { id: number; parts: readonly Uint8Array[]; total: number; sent: number } | null = null;

  constructor(buffer: SharedArrayBuffer) {
    this.header = new Int32Array(buffer, 0, HEADER_INTS);
    this.data = new Uint8Array(buffer, HEADER_BYTES);
  }

  /** The answer to call `id`: one array, or parts that cross as if joined (they are copied straight to the buffer). */
  answer(id: number, answer: Uint8Array | readonly Uint8Array[]): void {
    const parts = answer instanceof Uint8Array ? [answer] : answer;
    this.pending = { id, parts, total: parts.reduce((sum, part) => sum + part.length, 0), sent: 0 };
    this.sendPiece();
  }

  /** The worker asked for the next piece of answer `id`. */
  more(id: number): void {
    if (this.pending?.id === id) this.sendPiece();
  }

  private sendPiece(): void {
    const pending = this.pending as NonNullable<SyncAnswerer['pending']>;
    const length = Math.min(this.data.length, pending.total - pending.sent);
    copyRange(pending.parts, pending.sent, length, this.data);
    pending.sent += length;
    if (pending.sent >= pending.total) this.pending = null;
    this.header[1] = length;
    this.header[2] = pending.total;
    this.header[3] = pending.id;
    Atomics.store(this.header, 0, READY);
    Atomics.notify(this.header, 0);
  }
}

/** Copies `length` bytes of the parts, joined, from offset `from` on, to the start of `into`. */
function copyRange(parts: readonly Uint8Array[], from: number, length: number, into: Uint8Array): void {
  let partStart = 0;
  let written = 0;
  for (const part of parts) {
    if (written >= length) return;
    const at = from + written - partStart;
    if (at < part.length) {
      const take = Math.min(part.length - at, length - written);
      into.set(part.subarray(at, at + take), written);
      written += take;
    }
    partStart += part.length;
  }
}
