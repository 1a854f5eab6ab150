/**
 * readline's cursor functions (`cursorTo`, `moveCursor`, `clearLine`, `clearScreenDown`) as the ANSI
 * sequences Node writes, and the same methods on a TTY write stream.
 */

interface Writable {
  write(data: string, callback?: () => void): unknown;
}

type Callback = (() => void) | undefined;

function write(stream: unknown, data: string, callback: Callback): boolean {
  if (!stream || typeof (stream as Writable).write !== 'function') {
    if (callback) queueMicrotask(callback);
    return true;
  }
  (stream as Writable).write(data, callback);
  return true;
}

export function cursorTo(stream: unknown, x: number, y?: number | Callback, callback?: Callback): boolean {
  if (typeof y === 'function') return cursorTo(stream, x, undefined, y);
  if (Number.isNaN(x) || Number.isNaN(y)) throw Object.assign(new TypeError('The "x" and "y" arguments must be numbers'), { code: 'ERR_INVALID_CURSOR_POS' });
  const data = typeof y === 'number' ? `\x1b[${y + 1};${x + 1}H` : `\x1b[${x + 1}G`;
  return write(stream, data, callback);
}

export function moveCursor(stream: unknown, dx: number, dy: number, callback?: Callback): boolean {
  let data = '';
  if (dx < 0) data += `\x1b[${-dx}D`;
  else if (dx > 0) data += `\x1b[${dx}C`;
  if (dy < 0) data += `\x1b[${-dy}A`;
  else if (dy > 0) data += `\x1b[${dy}B`;
  return write(stream, data, callback);
}

/** dir < 0: to the left of the cursor, > 0: to its right, 0: the whole line. */
export function clearLine(stream: unknown, dir: number, callback?: Callback): boolean {
  return write(stream, dir < 0 ? '\x1b[1K' : dir > 0 ? '\x1b[0K' : '\x1b[2K', callback);
}

export function clearScreenDown(stream: unknown, callback?: Callback): boolean {
  return write(stream, '\x1b[0J', callback);
}

/** `readline/promises`' Readline: cursor actions queued, then written at once by `commit()`. */
export class Readline {
  private queue: string[] = [];

  constructor(
    private readonly stream: unknown,
    private readonly options: { autoCommit?: boolean } = {},
  ) {}

  private add(data: string): this {
    if (this.options.autoCommit) write(this.stream, data, undefined);
    else this.queue.push(data);
    return this;
  }

  cursorTo(x: number, y?: number): this {
    return this.add(typeof y === 'number' ? `\x1b[${y + 1};${x + 1}H` : `\x1b[${x + 1}G`);
  }

  moveCursor(dx: number, dy: number): this {
    let data = '';
    moveCursor({ write: (text: string) => void (data = text) }, dx, dy);
    return data ? this.add(data) : this;
  }

  clearLine(dir: number): this {
    return this.add(dir < 0 ? '\x1b[1K' : dir > 0 ? '\x1b[0K' : '\x1b[2K');
  }

  clearScreenDown(): this {
    return this.add('\x1b[0J');
  }

  commit(): Promise<void> {
    const data = this.queue.join('');
    this.queue = [];
    return new Promise((resolve) => (data ? write(this.stream, data, resolve) : resolve()));
  }

  rollback(): this {
    this.queue = [];
    return this;
  }
}
