/**
 * The runtime's Buffer encodes UTF-8 and base64 with the browser's codecs: what it writes, measures and prints
 * must be what Node's own Buffer does with the same text, lone surrogates and characters cut at the end of the
 * room included.
 */
import { Buffer as NodeBuffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';

// Chromium has Uint8Array#toBase64; the Node that runs these tests has it only behind a flag. Where it is missing,
// it is given here (the spec's padded base64 of exactly the view's bytes), so that the runtime takes the same path
// as in the browser: what is checked is which bytes it hands over.
type WithBase64 = { toBase64?: (this: Uint8Array) => string };
(Uint8Array.prototype as WithBase64).toBase64 ??= function (this: Uint8Array) {
  return NodeBuffer.from(this.buffer, this.byteOffset, this.byteLength).toString('base64');
};
const { bufferModule } = await import('@/lib/runtime-frame/offline/node/buffer');
const { Buffer } = bufferModule() as unknown as { Buffer: typeof NodeBuffer };

const TEXTS = [
  '',
  'plain ascii',
  'héllo wörld',
  '日本語のテキスト',
  'emoji 😀 and 👍🏽',
  'lone \ud800 high',
  'lone \udc00 low',
  'end \ud83d',
  '\u0000\u007f\u0080\u07ff\u0800\uffff',
];

describe("the runtime's Buffer and Node's, on the same text", () => {
  it('makes the same bytes from a string and measures it the same', () => {
    for (const text of TEXTS) {
      for (const encoding of [undefined, 'utf8', 'UTF-8', 'utf-8'] as const) {
        expect([...Buffer.from(text, encoding as BufferEncoding)]).toEqual([...NodeBuffer.from(text, encoding as BufferEncoding)]);
        expect(Buffer.byteLength(text, encoding as BufferEncoding)).toBe(NodeBuffer.byteLength(text, encoding as BufferEncoding));
      }
      // A name that is no encoding counts as UTF-8 in byteLength, as in Node.
      expect(Buffer.byteLength(text, 'no-such' as BufferEncoding)).toBe(NodeBuffer.byteLength(text, 'no-such' as BufferEncoding));
    }
  });

  it('writes only whole characters into the room there is, and says how many bytes it wrote', () => {
    for (const text of TEXTS) {
      for (let room = 0; room <= 12; room++) {
        const ours = Buffer.alloc(14, 0xaa);
        const node = NodeBuffer.alloc(14, 0xaa);
        expect(ours.write(text, 2, room)).toBe(node.write(text, 2, room));
        expect(ours.write(text, 1, room, 'utf8')).toBe(node.write(text, 1, room, 'utf8'));
        expect([...ours]).toEqual([...node]);
      }
      const ours = Buffer.alloc(8);
      const node = NodeBuffer.alloc(8);
      expect(ours.write(text)).toBe(node.write(text));
      expect([...ours]).toEqual([...node]);
    }
  });

  it('prints base64 and base64url as Node does, of a whole buffer and of a range', () => {
    const bytes = NodeBuffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256));
    const ours = Buffer.from(bytes);
    for (const [start, end] of [
      [undefined, undefined],
      [0, 1],
      [1, 3],
      [7, 299],
      [250, 400],
      [5, 5],
      [400, 500],
      [20, 10],
    ] as const) {
      for (const encoding of ['base64', 'base64url', 'BASE64'] as const) {
        expect(ours.toString(encoding as BufferEncoding, start, end)).toBe(bytes.toString(encoding as BufferEncoding, start, end));
      }
    }
    const slice = ours.subarray(10, 20);
    expect(slice.toString('base64')).toBe(bytes.subarray(10, 20).toString('base64'));
  });
});
