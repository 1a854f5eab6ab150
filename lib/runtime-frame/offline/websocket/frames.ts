/**
 * WebSocket frames (RFC 6455, section 5) as a client sends and reads them: what a client sends is masked, what
 * the server sends is not. A preview page's WebSocket to a server in the tab is carried by the runtime, which
 * speaks the protocol to the server over a connection of bytes.
 */
import { concatBytes } from '@/lib/bytes';

export const OPCODE = { continuation: 0, text: 1, binary: 2, close: 8, ping: 9, pong: 10 } as const;

interface Frame {
  fin: boolean;
  opcode: number;
  payload: Uint8Array;
}

/** One frame with its payload masked by `mask` (4 bytes), as a client must send it. */
export function encodeClientFrame(opcode: number, payload: Uint8Array, mask: Uint8Array): Uint8Array {
  const length = payload.length;
  const lengthBytes = length < 126 ? 0 : length < 0x10000 ? 2 : 8;
  const frame = new Uint8Array(2 + lengthBytes + 4 + length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | (lengthBytes === 0 ? length : lengthBytes === 2 ? 126 : 127);
  const view = new DataView(frame.buffer);
  if (lengthBytes === 2) view.setUint16(2, length);
  if (lengthBytes === 8) view.setBigUint64(2, BigInt(length));
  const maskAt = 2 + lengthBytes;
  frame.set(mask.subarray(0, 4), maskAt);
  for (let i = 0; i < length; i++) frame[maskAt + 4 + i] = (payload[i] as number) ^ (mask[i % 4] as number);
  return frame;
}

/** The payload of a close frame: the code (2 bytes, big-endian) and the reason in UTF-8. */
export function closePayload(code: number | undefined, reason: string): Uint8Array {
  if (code === undefined) return new Uint8Array(0);
  const text = new TextEncoder().encode(reason);
  const payload = new Uint8Array(2 + text.length);
  new DataView(payload.buffer).setUint16(0, code);
  payload.set(text, 2);
  return payload;
}

export function readClosePayload(payload: Uint8Array): { code: number; reason: string } {
  if (payload.length < 2) return { code: 1005, reason: '' };
  return { code: new DataView(payload.buffer, payload.byteOffset, payload.byteLength).getUint16(0), reason: new TextDecoder().decode(payload.subarray(2)) };
}

/** Reads frames out of the bytes a server sends, however they were cut into chunks. */
export class FrameReader {
  private buffered: Uint8Array = new Uint8Array(0);

  /** The frames completed by `bytes`; a frame still missing bytes waits for the next chunk. */
  push(bytes: Uint8Array): Frame[] {
    this.buffered = this.buffered.length === 0 ? bytes : concatBytes([this.buffered, bytes]);
    const frames: Frame[] = [];
    for (;;) {
      const frame = this.next();
      if (!frame) return frames;
      frames.push(frame);
    }
  }

  private next(): Frame | null {
    const data = this.buffered;
    if (data.length < 2) return null;
    const first = data[0] as number;
    const second = data[1] as number;
    const masked = (second & 0x80) !== 0;
    let length = second & 0x7f;
    let offset = 2;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (length === 126) {
      if (data.length < 4) return null;
      length = view.getUint16(2);
      offset = 4;
    } else if (length === 127) {
      if (data.length < 10) return null;
      length = Number(view.getBigUint64(2));
      offset = 10;
    }
    const maskAt = offset;
    if (masked) offset += 4;
    if (data.length < offset + length) return null;
    const payload = data.slice(offset, offset + length);
    if (masked) for (let i = 0; i < length; i++) payload[i] = (payload[i] as number) ^ (data[maskAt + (i % 4)] as number);
    this.buffered = data.subarray(offset + length);
    return { fin: (first & 0x80) !== 0, opcode: first & 0x0f, payload };
  }
}
