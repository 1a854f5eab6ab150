import { describe, expect, it } from 'vitest';
import { nodeStreamModule } from '@/lib/runtime-frame/offline/node/node-streams';

// The programs' `stream` module: the callback of `end()` is called with null once the stream has finished.
const stream = nodeStreamModule({}) as unknown as typeof import('node:stream');
type Ending = { end(...args: unknown[]): unknown };
const endOf = (target: unknown, ...args: unknown[]) => new Promise((resolve) => (target as Ending).end(...args, resolve));

describe('stream: write() and end() callbacks', () => {
  it('write() callbacks get null when the chunk was written', async () => {
    const writable = new stream.Writable({ write: (_chunk, _encoding, done) => setTimeout(done, 1) });
    const got = await new Promise((resolve) => (writable as unknown as { write(...args: unknown[]): unknown }).write('x', resolve));
    expect(got).toBeNull();
  });

  it('get null when a Writable or a Duplex finishes, and the error when it fails', async () => {
    const writable = new stream.Writable({ write: (_chunk, _encoding, done) => done() });
    const fine = await endOf(writable, 'data');
    expect(fine).toBeNull();
    const duplex = new stream.Duplex({ read: () => undefined, write: (_chunk, _encoding, done) => done() });
    expect(await endOf(duplex)).toBeNull();
    const failing = new stream.Writable({ write: (_chunk, _encoding, done) => done(new Error('kaboom')) });
    failing.on('error', () => undefined);
    const failed = await endOf(failing, 'x');
    expect((failed as Error).message).toBe('kaboom');
  });
});
