import { describe, expect, it } from 'vitest';
import { bufferModule } from '@/lib/runtime-frame/offline/node/buffer';
import { randomBytesFor } from '@/lib/runtime-frame/offline/node/crypto-random';

const { Buffer } = bufferModule() as { Buffer: typeof globalThis.Buffer };

describe('Buffer.alloc with a fill that decodes to nothing', () => {
  it("is refused as Node's fill refuses it, while good fills still fill", () => {
    for (const [fill, encoding] of [
      ['This is not correctly encoded', 'hex'],
      ['c', 'hex'],
      ['!!', 'base64'],
    ] as const) {
      expect(() => Buffer.alloc(16, fill, encoding)).toThrow(
        expect.objectContaining({ code: 'ERR_INVALID_ARG_VALUE', name: 'TypeError', message: `The argument 'value' is invalid. Received '${fill}'` }),
      );
    }
    expect([...Buffer.alloc(4, 'ab', 'hex')]).toEqual([0xab, 0xab, 0xab, 0xab]);
    expect([...Buffer.alloc(2, '')]).toEqual([0, 0]);
  });
});

describe('crypto.randomBytes', () => {
  const randomBytes = randomBytesFor(Buffer);

  it("gives the programs' own Buffers, of any size", () => {
    const bytes = randomBytes(70000);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(Object.getPrototypeOf(bytes)).toBe(Buffer.prototype);
    expect(bytes?.length).toBe(70000);
    expect(Buffer.concat([bytes as Uint8Array], 10)).toEqual((bytes as Buffer).subarray(0, 10));
  });

  it("checks size and callback in Node's words, and calls back later with the bytes", async () => {
    expect(() => randomBytes('1')).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE', message: 'The "size" argument must be of type number. Received type string (\'1\')' }),
    );
    expect(() => randomBytes(-1)).toThrow(
      expect.objectContaining({ code: 'ERR_OUT_OF_RANGE', message: 'The value of "size" is out of range. It must be >= 0 && <= 2147483647. Received -1' }),
    );
    expect(() => randomBytes(1, 5)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
    const got = await new Promise<unknown[]>((resolve) => randomBytes(8, (...args: unknown[]) => resolve(args)));
    expect(got[0]).toBeNull();
    expect((got[1] as Uint8Array).length).toBe(8);
  });
});
