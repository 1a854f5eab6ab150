/**
 * `buf.fill` gives the bytes real Node 22.12 gives (printed there) now that a number fill runs in the browser's
 * own Uint8Array fill, and still refuses what Node refuses.
 */
import { describe, expect, it } from 'vitest';
import { bufferModule } from '@/lib/runtime-frame/offline/node/buffer';

const { Buffer } = bufferModule() as { Buffer: typeof globalThis.Buffer };

describe('Buffer fill', () => {
  it('fills numbers, spans, strings and coerced values as Node does', () => {
    expect([
      [...Buffer.alloc(4, 97)],
      [...Buffer.alloc(3, 257)],
      [...Buffer.alloc(6).fill(7, 2, 4)],
      [...Buffer.alloc(3).fill(-1)],
      [...Buffer.alloc(3).fill(1.7)],
      [...Buffer.alloc(4).fill('ab')],
      [...Buffer.alloc(4).fill(9, 1)],
    ]).toEqual([
      [97, 97, 97, 97],
      [1, 1, 1],
      [0, 0, 7, 7, 0, 0],
      [255, 255, 255],
      [1, 1, 1],
      [97, 98, 97, 98],
      [0, 9, 9, 9],
    ]);
  });

  it('still refuses spans outside the buffer', () => {
    expect(() => Buffer.alloc(3).fill(1, -1)).toThrow();
    expect(() => Buffer.alloc(3).fill(1, 0, 9)).toThrow();
  });
});
