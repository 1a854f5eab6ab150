/**
 * `buf.fill(number)` in the browser's own Uint8Array fill: the buffer package fills a byte at a time in
 * JavaScript, so `Buffer.alloc(200 * 1024 * 1024, 97)` took seconds where Node's memset takes milliseconds.
 * Only a number fill over a plain in-range span takes this path; everything else (strings, buffers, odd
 * ranges and their errors) stays with the package's fill.
 */
type Fill = (this: Uint8Array, value: unknown, offset?: unknown, end?: unknown, encoding?: unknown) => unknown;

const nativeFill = Uint8Array.prototype.fill;

function inRange(value: unknown, from: number, to: number): value is number {
  return Number.isInteger(value) && (value as number) >= from && (value as number) <= to;
}

export function withNativeNumberFill(baseFill: Fill): Fill {
  return function fill(this: Uint8Array, value, offset, end, encoding) {
    const start = offset === undefined ? 0 : offset;
    const stop = end === undefined ? this.length : end;
    if (typeof value === 'number' && inRange(start, 0, this.length) && inRange(stop, start, this.length)) {
      nativeFill.call(this, value & 255, start, stop);
      return this;
    }
    return baseFill.call(this, value, offset, end, encoding);
  };
}
