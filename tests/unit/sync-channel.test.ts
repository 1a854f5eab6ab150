/**
 * The synchronous channel between a node process's worker and the runtime frame: a worker thread blocks in
 * Atomics.wait while this thread answers on its event loop, whenever it likes, in pieces when an answer is larger
 * than the shared buffer.
 */
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createChannelBuffer, SyncAnswerer, type SyncCallMessage } from '@/lib/runtime-frame/offline/workers/sync-channel';

type Reply = { kind: 'done'; answers: Uint8Array[]; ms: number };

let worker: Worker | undefined;
afterEach(async () => {
  await worker?.terminate();
  worker = undefined;
});

/** Starts a caller thread whose calls `answer` handles, and returns a function that makes a list of calls. */
function callerThread(bytes: number, answer: (body: unknown, reply: (bytes: Uint8Array | readonly Uint8Array[]) => void) => void) {
  const buffer = createChannelBuffer(bytes);
  const answerer = new SyncAnswerer(buffer);
  worker = new Worker(new URL('./sync-channel-caller.mjs', import.meta.url), { workerData: { buffer } });
  const replies: ((reply: Reply) => void)[] = [];
  worker.on('message', (message: SyncCallMessage | Reply) => {
    if (message.kind === 'sync-call') answer(message.body, (bytes) => answerer.answer(message.id, bytes));
    else if (message.kind === 'sync-more') answerer.more(message.id);
    else replies.shift()?.(message);
  });
  return (bodies: unknown[]) =>
    new Promise<Reply>((resolve) => {
      replies.push(resolve);
      worker?.postMessage(bodies);
    });
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('synchronous channel', () => {
  it('returns each answer to the blocked caller in order, however late it comes', async () => {
    const calls = callerThread(1024, (body, reply) => {
      // Answered two tasks later: the caller cannot have gone on without it.
      setTimeout(() => reply(new TextEncoder().encode(`answer to ${String(body)}`)), 20);
    });
    const { answers, ms } = await calls(['a', 'b', 'c']);
    expect(answers.map(text)).toEqual(['answer to a', 'answer to b', 'answer to c']);
    expect(ms).toBeGreaterThanOrEqual(55);
  });

  it('carries an answer many times the size of the buffer intact, in pieces', async () => {
    const big = new Uint8Array(10_000).map((_, i) => (i * 7) % 251);
    const calls = callerThread(256, (_body, reply) => reply(big));
    const { answers } = await calls(['big', 'big']);
    expect(answers).toHaveLength(2);
    for (const answer of answers) expect(Buffer.from(answer).equals(Buffer.from(big))).toBe(true);
  });

  it('carries an answer given as parts (a head and a file) as if they were one array, across piece boundaries', async () => {
    const head = new Uint8Array(100).map((_, i) => i);
    const file = new Uint8Array(1_000).map((_, i) => (i * 13) % 251);
    const joined = Buffer.concat([head, new Uint8Array(0), file]);
    // A 64-byte buffer: the parts' boundary falls inside a piece, and the answer takes many pieces.
    const calls = callerThread(64, (_body, reply) => reply([head, new Uint8Array(0), file]));
    const { answers } = await calls(['parts', 'parts']);
    for (const answer of answers) expect(Buffer.from(answer).equals(joined)).toBe(true);
  });

  it('carries an empty answer', async () => {
    const calls = callerThread(64, (_body, reply) => reply(new Uint8Array(0)));
    const { answers } = await calls(['nothing']);
    expect(answers.map((answer) => answer.length)).toEqual([0]);
  });
});
