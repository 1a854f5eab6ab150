/**
 * `readline.Interface` as in Node. Over a stream that is not a terminal it splits the input into 'line'
 * events. Over a terminal (`terminal: true`, the default when the output is a TTY) it puts the input in raw
 * mode, reads 'keypress' events and edits the line itself — ←/→, Home/End, Backspace/Delete, Ctrl+A/E/U/K/W,
 * history with ↑/↓ — keeping `line` and `cursor` as Node does, because prompt libraries (@clack/prompts)
 * read and drive them (`rl.write(null, { ctrl: true, name: 'u' })`).
 */
import { emitKeypressEvents, type Key } from './keypress';
import { clearScreenDown, cursorTo, moveCursor } from './readline-cursor';
import { complete, lineIterator, type Completer } from './readline-helpers';
import { stripVTControlCharacters } from './util';

interface Emitter {
  on(event: string | symbol, listener: (...args: never[]) => void): this;
  once(event: string | symbol, listener: (...args: never[]) => void): this;
  off?(event: string | symbol, listener: (...args: never[]) => void): this;
  removeListener(event: string | symbol, listener: (...args: never[]) => void): this;
  emit(event: string | symbol, ...args: unknown[]): boolean;
  listenerCount(event: string | symbol): number;
}

export type EmitterClass = new () => Emitter;

interface InputStream extends Emitter {
  isTTY?: boolean;
  setRawMode?(raw: boolean): unknown;
  pause?(): unknown;
  resume?(): unknown;
}

interface OutputStream {
  write(data: string): unknown;
  columns?: number;
  isTTY?: boolean;
  on?(event: string, listener: () => void): unknown;
  removeListener?(event: string, listener: () => void): unknown;
}

export interface InterfaceOptions {
  input?: InputStream;
  output?: OutputStream;
  completer?: Completer;
  terminal?: boolean;
  prompt?: string;
  history?: string[];
  historySize?: number;
  removeHistoryDuplicates?: boolean;
  crlfDelay?: number;
  escapeCodeTimeout?: number;
  tabSize?: number;
  signal?: AbortSignal;
}

// Prompts carry colour codes, which take no columns; Node strips them with the same function.
const visibleLength = (text: string) => [...stripVTControlCharacters(text)].length;
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);

export function interfaceClass(EventEmitter: EmitterClass) {
  class Interface extends EventEmitter {
    line = '';
    cursor = 0;
    history: string[];
    closed = false;
    readonly terminal: boolean;
    readonly input: InputStream | undefined;
    readonly output: OutputStream | undefined;
    private promptText: string;
    private paused = false;
    private questionCallback: ((answer: string) => void) | null = null;
    private oldPrompt = '';
    private historyIndex = -1;
    private savedLine = '';
    private previousRows = 0;
    private sawReturnAt = 0;
    private partial = '';
    private readonly options: InterfaceOptions;
    private readonly detach: (() => void)[] = [];

    constructor(input?: InputStream | InterfaceOptions, output?: OutputStream, completer?: InterfaceOptions['completer'], terminal?: boolean) {
      super();
      const options: InterfaceOptions = input && 'input' in input && !('on' in input) ? input : { input: input as InputStream, output, completer, terminal };
      this.options = options;
      this.input = options.input;
      this.output = options.output;
      this.terminal = options.terminal ?? Boolean(options.output?.isTTY);
      this.promptText = options.prompt ?? '> ';
      this.history = options.history ? [...options.history] : [];
      const input_ = this.input;
      if (input_) {
        const listen = (event: string, listener: (...args: never[]) => void) => {
          input_.on(event, listener);
          this.detach.push(() => input_.removeListener(event, listener));
        };
        if (this.terminal) {
          emitKeypressEvents(input_, { escapeCodeTimeout: options.escapeCodeTimeout });
          listen('keypress', ((char: string | undefined, key: Key | undefined) => this.ttyWrite(char, key)) as never);
          input_.setRawMode?.(true);
          const onResize = () => this.refreshLine();
          if (this.output?.on) {
            this.output.on('resize', onResize);
            this.detach.push(() => this.output?.removeListener?.('resize', onResize));
          }
        } else {
          listen('data', ((chunk: unknown) => this.normalWrite(String(chunk))) as never);
        }
        listen('end', (() => {
          if (!this.terminal && this.partial) this.onLine(this.partial);
          this.partial = '';
          this.close();
        }) as never);
        input_.resume?.();
      }
      options.signal?.addEventListener('abort', () => this.close(), { once: true });
    }

    setPrompt(prompt: string): void {
      this.promptText = prompt;
    }

    getPrompt(): string {
      return this.promptText;
    }

    prompt(preserveCursor?: boolean): void {
      if (this.closed) throw Object.assign(new Error('readline was closed'), { code: 'ERR_USE_AFTER_CLOSE' });
      if (this.paused) this.resume();
      if (this.terminal && this.output) {
        if (!preserveCursor) this.cursor = 0;
        this.refreshLine();
      } else {
        this.output?.write(this.promptText);
      }
    }

    question(query: string, options?: unknown, callback?: (answer: string) => void): void {
      const cb = typeof options === 'function' ? (options as (answer: string) => void) : callback;
      if (this.closed) throw Object.assign(new Error('readline was closed'), { code: 'ERR_USE_AFTER_CLOSE' });
      if (typeof cb !== 'function' || this.questionCallback) return;
      const signal = (options as { signal?: AbortSignal } | undefined)?.signal;
      if (signal?.aborted) return;
      signal?.addEventListener('abort', () => (this.questionCallback = null), { once: true });
      this.oldPrompt = this.promptText;
      this.setPrompt(query);
      this.questionCallback = cb;
      this.prompt();
    }

    pause(): this {
      if (this.paused) return this;
      this.input?.pause?.();
      this.paused = true;
      this.emit('pause');
      return this;
    }

    resume(): this {
      if (!this.paused) return this;
      this.input?.resume?.();
      this.paused = false;
      this.emit('resume');
      return this;
    }

    close(): void {
      if (this.closed) return;
      this.pause();
      if (this.terminal) this.input?.setRawMode?.(false);
      for (const stop of this.detach.splice(0)) stop();
      this.closed = true;
      this.emit('close');
    }

    write(data: string | null | undefined, key?: Partial<Key>): void {
      if (this.closed) throw Object.assign(new Error('readline was closed'), { code: 'ERR_USE_AFTER_CLOSE' });
      if (this.paused) this.resume();
      if (this.terminal) this.ttyWrite(data ?? undefined, key ? { sequence: '', name: undefined, ctrl: false, meta: false, shift: false, ...key } : undefined);
      else if (data) this.normalWrite(data);
    }

    getCursorPos(): { rows: number; cols: number } {
      const columns = this.columns();
      const offset = visibleLength(this.promptText) + [...this.line.slice(0, this.cursor)].length;
      return { rows: Math.floor(offset / columns), cols: offset % columns };
    }

    [Symbol.asyncIterator](): AsyncIterableIterator<string> {
      return lineIterator(this, () => this.close());
    }

    private columns(): number {
      const columns = this.output?.columns;
      return typeof columns === 'number' && columns > 0 ? columns : Infinity;
    }

    private normalWrite(text: string): void {
      let data = this.partial + text;
      // \r\n split across two chunks: the \n that follows a line ended by \r within crlfDelay is no new line.
      if (this.sawReturnAt && data.startsWith('\n') && Date.now() - this.sawReturnAt <= (this.options.crlfDelay ?? 100)) data = data.slice(1);
      this.sawReturnAt = data.endsWith('\r') ? Date.now() : 0;
      const parts = data.split(/\r\n|\n|\r/);
      this.partial = parts.pop() ?? '';
      for (const line of parts) {
        if (this.closed) return;
        this.onLine(line);
      }
    }

    private onLine(line: string): void {
      if (this.questionCallback) {
        const callback = this.questionCallback;
        this.questionCallback = null;
        this.setPrompt(this.oldPrompt);
        callback(line);
      } else {
        this.emit('line', line);
      }
    }

    private addHistory(): void {
      const line = this.line;
      if (line.trim() === '' || (this.options.historySize ?? 30) === 0) return;
      if (this.history[0] !== line) {
        if (this.options.removeHistoryDuplicates) this.history = this.history.filter((entry) => entry !== line);
        this.history.unshift(line);
        this.history.length = Math.min(this.history.length, this.options.historySize ?? 30);
        this.emit('history', this.history);
      }
    }

    private submitLine(): void {
      const line = this.line;
      this.addHistory();
      this.historyIndex = -1;
      this.line = '';
      this.cursor = 0;
      this.previousRows = 0;
      this.output?.write('\r\n');
      this.onLine(line);
    }

    /** Redraws the prompt and the line, and puts the cursor where `cursor` is. */
    private refreshLine(): void {
      const output = this.output;
      if (!output || !this.terminal) return;
      const columns = this.columns();
      const total = visibleLength(this.promptText) + [...this.line].length;
      const rows = columns === Infinity ? 0 : Math.floor(total / columns);
      if (this.previousRows > 0) moveCursor(output, 0, -this.previousRows);
      cursorTo(output, 0);
      clearScreenDown(output);
      output.write(this.promptText + this.line);
      if (columns !== Infinity && total > 0 && total % columns === 0) output.write('\n');
      const position = this.getCursorPos();
      moveCursor(output, 0, position.rows - rows);
      cursorTo(output, position.cols);
      this.previousRows = position.rows;
    }

    private insert(text: string): void {
      this.line = this.line.slice(0, this.cursor) + text + this.line.slice(this.cursor);
      this.cursor += text.length;
      if (this.cursor === this.line.length && this.getCursorPos().cols !== 0) this.output?.write(text);
      else this.refreshLine();
    }

    private setLine(line: string, cursor = line.length): void {
      this.line = line;
      this.cursor = Math.max(0, Math.min(cursor, line.length));
      this.refreshLine();
    }

    private deleteLeft(count: number): void {
      if (this.cursor === 0) return;
      const from = Math.max(0, this.cursor - count);
      this.setLine(this.line.slice(0, from) + this.line.slice(this.cursor), from);
    }

    private wordLeft(): number {
      let i = this.cursor;
      while (i > 0 && !isWordChar(this.line[i - 1])) i--;
      while (i > 0 && isWordChar(this.line[i - 1])) i--;
      return i;
    }

    private wordRight(): number {
      let i = this.cursor;
      while (i < this.line.length && !isWordChar(this.line[i])) i++;
      while (i < this.line.length && isWordChar(this.line[i])) i++;
      return i;
    }

    private recall(direction: 1 | -1): void {
      const next = this.historyIndex + direction;
      if (next < -1 || next >= this.history.length) return;
      if (this.historyIndex === -1) this.savedLine = this.line;
      this.historyIndex = next;
      this.setLine(next === -1 ? this.savedLine : (this.history[next] as string));
    }

    private interrupt(): void {
      if (this.listenerCount('SIGINT') > 0) this.emit('SIGINT');
      else this.close();
    }

    /** One key in terminal mode, as Node's line editor handles it. */
    private ttyWrite(char: string | undefined, key: Key | undefined): void {
      const name = key?.name;
      if (key?.ctrl && key.shift) return; // Node leaves Ctrl+Shift combinations to the terminal
      if (key?.ctrl) {
        switch (name) {
          case 'c':
            return this.interrupt();
          case 'h':
            return this.deleteLeft(1);
          case 'd':
            if (this.line === '') return this.close();
            return this.setLine(this.line.slice(0, this.cursor) + this.line.slice(this.cursor + 1), this.cursor);
          case 'u':
            return this.setLine(this.line.slice(this.cursor), 0);
          case 'k':
            return this.setLine(this.line.slice(0, this.cursor), this.cursor);
          case 'a':
            return this.setLine(this.line, 0);
          case 'e':
            return this.setLine(this.line);
          case 'b':
            return this.setLine(this.line, this.cursor - 1);
          case 'f':
            return this.setLine(this.line, this.cursor + 1);
          case 'w':
          case 'backspace':
            return this.deleteLeft(this.cursor - this.wordLeft());
          case 'left':
            return this.setLine(this.line, this.wordLeft());
          case 'right':
            return this.setLine(this.line, this.wordRight());
          case 'n':
            return this.recall(-1);
          case 'p':
            return this.recall(1);
          case 'l':
            cursorTo(this.output, 0, 0);
            clearScreenDown(this.output);
            return this.refreshLine();
        }
        return;
      }
      if (key?.meta && name !== 'escape') {
        if (name === 'b') return this.setLine(this.line, this.wordLeft());
        if (name === 'f') return this.setLine(this.line, this.wordRight());
        if (name === 'backspace') return this.deleteLeft(this.cursor - this.wordLeft());
        if (name === 'd') return this.setLine(this.line.slice(0, this.cursor) + this.line.slice(this.wordRight()), this.cursor);
        return;
      }
      if (name !== 'enter') this.sawReturnAt = 0;
      switch (name) {
        case 'return':
          this.sawReturnAt = Date.now();
          return this.submitLine();
        case 'enter':
          // \r\n is one Enter
          if (this.sawReturnAt && Date.now() - this.sawReturnAt <= (this.options.crlfDelay ?? 100)) {
            this.sawReturnAt = 0;
            return;
          }
          return this.submitLine();
        case 'backspace':
          return this.deleteLeft(1);
        case 'delete':
          return this.setLine(this.line.slice(0, this.cursor) + this.line.slice(this.cursor + 1), this.cursor);
        case 'left':
          return this.setLine(this.line, this.cursor - 1);
        case 'right':
          return this.setLine(this.line, this.cursor + 1);
        case 'home':
          return this.setLine(this.line, 0);
        case 'end':
          return this.setLine(this.line);
        case 'up':
          return this.recall(1);
        case 'down':
          return this.recall(-1);
        case 'tab':
          if (this.options.completer) return this.complete();
          break;
        case 'escape':
          return;
      }
      if (char === undefined) return;
      // Pasted text may hold several lines: each ends like an Enter.
      const lines = char.split(/\r\n|\n|\r/);
      lines.forEach((text, i) => {
        if (i > 0) this.submitLine();
        if (text) this.insert(text);
      });
    }

    private complete(): void {
      complete(this.options.completer as Completer, this.line.slice(0, this.cursor), {
        insert: (text) => this.insert(text),
        list: (candidates) => {
          this.output?.write(`\r\n${candidates.join('  ')}\r\n`);
          this.previousRows = 0;
          this.refreshLine();
        },
      });
    }
  }
  return Interface;
}
