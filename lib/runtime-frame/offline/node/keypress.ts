/**
 * `readline.emitKeypressEvents`: terminal input decoded into Node's 'keypress' events, `(char, key)` with
 * `key = { sequence, name, ctrl, meta, shift, code? }`. Prompt libraries (@clack/prompts, inquirer, enquirer)
 * read arrows, Enter and Ctrl+C this way once the terminal is in raw mode. The names follow Node's: `return`
 * for \r, `enter` for \n, `up`/`down`/`left`/`right`, `home`/`end`, `pageup`, `f1`…`f12`, a letter with `ctrl`.
 */

export interface Key {
  sequence: string;
  name: string | undefined;
  ctrl: boolean;
  meta: boolean;
  shift: boolean;
  code?: string;
}

interface Keypress {
  /** The text typed, or undefined for escape sequences (Node passes undefined there). */
  char: string | undefined;
  key: Key;
}

const ESC = '\x1b';

/** The final part of an escape sequence (after ESC, without modifier parameters) and the key it is. */
const SEQUENCE_NAMES: Record<string, string> = {
  '[A': 'up',
  '[B': 'down',
  '[C': 'right',
  '[D': 'left',
  '[E': 'clear',
  '[F': 'end',
  '[H': 'home',
  OA: 'up',
  OB: 'down',
  OC: 'right',
  OD: 'left',
  OE: 'clear',
  OF: 'end',
  OH: 'home',
  OP: 'f1',
  OQ: 'f2',
  OR: 'f3',
  OS: 'f4',
  '[P': 'f1',
  '[Q': 'f2',
  '[R': 'f3',
  '[S': 'f4',
  '[[A': 'f1',
  '[[B': 'f2',
  '[[C': 'f3',
  '[[D': 'f4',
  '[[E': 'f5',
  '[1~': 'home',
  '[2~': 'insert',
  '[3~': 'delete',
  '[4~': 'end',
  '[5~': 'pageup',
  '[6~': 'pagedown',
  '[7~': 'home',
  '[8~': 'end',
  '[11~': 'f1',
  '[12~': 'f2',
  '[13~': 'f3',
  '[14~': 'f4',
  '[15~': 'f5',
  '[17~': 'f6',
  '[18~': 'f7',
  '[19~': 'f8',
  '[20~': 'f9',
  '[21~': 'f10',
  '[23~': 'f11',
  '[24~': 'f12',
  '[Z': 'tab',
};

// ESC [ or ESC O, an optional second [ (the Linux console's F-keys), numeric parameters, then the final byte.
const CSI = /^(\[\[?|O)([0-9;]*)([A-Za-z~$^@])/;
const INCOMPLETE_CSI = /^(?:\[\[?|O)[0-9;]*$/;

function key(sequence: string, name: string | undefined, extra: Partial<Key> = {}): Key {
  return { sequence, name, ctrl: false, meta: false, shift: false, ...extra };
}

/** One character that is not part of an escape sequence, named as Node names it. */
function plainKey(ch: string, meta: boolean): Key {
  const sequence = meta ? ESC + ch : ch;
  if (ch === '\r') return key(sequence, 'return', { meta });
  if (ch === '\n') return key(sequence, 'enter', { meta });
  if (ch === '\t') return key(sequence, 'tab', { meta });
  if (ch === '\b' || ch === '\x7f') return key(sequence, 'backspace', { meta });
  if (ch === ESC) return key(sequence, 'escape', { meta });
  if (ch === ' ') return key(sequence, 'space', { meta });
  if (ch <= '\x1a') return key(sequence, String.fromCharCode(ch.charCodeAt(0) + 96), { ctrl: true, meta });
  if (/^[0-9A-Za-z]$/.test(ch)) return key(sequence, ch.toLowerCase(), { meta, shift: /^[A-Z]$/.test(ch) });
  return key(sequence, undefined, { meta });
}

/** An escape sequence's key: its name, and the modifiers its last parameter carries (1 + shift 1, alt 2, ctrl 4). */
function sequenceKey(sequence: string, meta: boolean, prefix: string, params: string, final: string): Key {
  const numbers = params.split(';').filter(Boolean);
  let code = prefix + final;
  let modifier = 0;
  if (final === '~') {
    code = `${prefix}${numbers[0] ?? ''}~`;
    modifier = Number(numbers[1] ?? 1) - 1;
  } else if (numbers.length) {
    modifier = Number(numbers[numbers.length - 1]) - 1;
  }
  const name = SEQUENCE_NAMES[code];
  return {
    sequence,
    name,
    code,
    ctrl: Boolean(modifier & 4),
    meta: meta || Boolean(modifier & 10),
    shift: code === '[Z' || Boolean(modifier & 1),
  };
}

/**
 * Decodes terminal input into keypresses. An ESC at the very end of a chunk may start a sequence whose rest is
 * still to come: it is kept until the next chunk or `flush()` (Node waits `escapeCodeTimeout` for it).
 */
export class KeypressDecoder {
  private pending = '';

  get waiting(): boolean {
    return this.pending !== '';
  }

  write(text: string): Keypress[] {
    const input = this.pending + text;
    this.pending = '';
    const out: Keypress[] = [];
    let i = 0;
    while (i < input.length) {
      if (input[i] !== ESC) {
        const ch = String.fromCodePoint(input.codePointAt(i) as number);
        out.push({ char: ch, key: plainKey(ch, false) });
        i += ch.length;
        continue;
      }
      let rest = input.slice(i + 1);
      // ESC ESC [A: Alt with an arrow, as some terminals send it.
      const meta = rest.startsWith(ESC) && rest.length > 1;
      if (meta) rest = rest.slice(1);
      const start = i;
      const skip = meta ? 2 : 1;
      if (rest === '' || INCOMPLETE_CSI.test(rest)) {
        this.pending = input.slice(start);
        break;
      }
      const csi = CSI.exec(rest);
      if (csi) {
        const sequence = input.slice(start, start + skip + csi[0].length);
        out.push({ char: undefined, key: sequenceKey(sequence, meta, csi[1] as string, csi[2] as string, csi[3] as string) });
        i = start + sequence.length;
        continue;
      }
      // ESC followed by a character: that character with Alt (meta).
      const ch = String.fromCodePoint(rest.codePointAt(0) as number);
      const pressed = plainKey(ch, true);
      if (meta) pressed.sequence = ESC + pressed.sequence;
      out.push({ char: undefined, key: pressed });
      i = start + skip + ch.length;
    }
    return out;
  }

  /** The input kept back, as keys: a lone ESC is the Escape key. */
  flush(): Keypress[] {
    const text = this.pending;
    this.pending = '';
    if (text === '') return [];
    if (text === ESC) return [{ char: undefined, key: key(ESC, 'escape', { meta: true }) }];
    if (text === ESC + ESC) return [{ char: undefined, key: key(text, 'escape', { meta: true }) }];
    return [{ char: undefined, key: key(text, undefined, { meta: true }) }];
  }
}

interface KeypressStream {
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): boolean;
  listenerCount(event: string): number;
}

const DECODER = Symbol('keypress-decoder');
const DEFAULT_ESCAPE_TIMEOUT_MS = 500;

/** Makes `stream` emit 'keypress' for the data it emits (once per stream, as in Node). */
export function emitKeypressEvents(stream: KeypressStream, iface: { escapeCodeTimeout?: number } = {}): void {
  const target = stream as KeypressStream & { [DECODER]?: KeypressDecoder };
  if (target[DECODER]) return;
  const decoder = new KeypressDecoder();
  target[DECODER] = decoder;
  const utf8 = new TextDecoder();
  const timeout = iface.escapeCodeTimeout ?? DEFAULT_ESCAPE_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const emit = (presses: Keypress[]) => {
    for (const press of presses) stream.emit('keypress', press.char, press.key);
  };
  stream.on('data', ((chunk: unknown) => {
    if (stream.listenerCount('keypress') === 0) return; // nobody is reading keys: Node drops them too
    const text = typeof chunk === 'string' ? chunk : utf8.decode(chunk as Uint8Array, { stream: true });
    if (text === '') return;
    clearTimeout(timer);
    emit(decoder.write(text));
    if (decoder.waiting) timer = setTimeout(() => emit(decoder.flush()), timeout);
  }) as never);
}
