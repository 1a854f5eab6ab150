/**
 * Key names → KeyboardEvent fields. Models write keys many ways ("ctrl", "Control", "cmd", "Return",
 * "Control+A"), so names are normalized to DOM `key` values, with the `code` a US keyboard would report.
 */

export interface Modifiers {
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

export interface KeySpec {
  key: string;
  code: string;
  /** Legacy keyCode, which older code still reads (e.g. `e.keyCode === 13`). */
  keyCode: number;
}

interface KeyCombo {
  modifiers: KeySpec[];
  /** The non-modifier keys, pressed in order while the modifiers are held (usually one). */
  keys: KeySpec[];
  flags: Modifiers;
}

const MODIFIER_ALIASES: Record<string, 'Control' | 'Shift' | 'Alt' | 'Meta'> = {
  control: 'Control',
  ctrl: 'Control',
  shift: 'Shift',
  alt: 'Alt',
  option: 'Alt',
  meta: 'Meta',
  cmd: 'Meta',
  command: 'Meta',
  super: 'Meta',
  win: 'Meta',
};

const ENTER: KeySpec = { key: 'Enter', code: 'Enter', keyCode: 13 };
const SPACE: KeySpec = { key: ' ', code: 'Space', keyCode: 32 };

const NAMED: Partial<Record<string, KeySpec>> = {
  enter: { key: 'Enter', code: 'Enter', keyCode: 13 },
  return: { key: 'Enter', code: 'Enter', keyCode: 13 },
  tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  delete: { key: 'Delete', code: 'Delete', keyCode: 46 },
  del: { key: 'Delete', code: 'Delete', keyCode: 46 },
  escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
  esc: { key: 'Escape', code: 'Escape', keyCode: 27 },
  space: { key: ' ', code: 'Space', keyCode: 32 },
  ' ': { key: ' ', code: 'Space', keyCode: 32 },
  arrowup: { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 },
  up: { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 },
  arrowdown: { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 },
  down: { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 },
  arrowleft: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  left: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  arrowright: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  right: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  home: { key: 'Home', code: 'Home', keyCode: 36 },
  end: { key: 'End', code: 'End', keyCode: 35 },
  pageup: { key: 'PageUp', code: 'PageUp', keyCode: 33 },
  pagedown: { key: 'PageDown', code: 'PageDown', keyCode: 34 },
  insert: { key: 'Insert', code: 'Insert', keyCode: 45 },
};

const MODIFIER_SPECS: Record<'Control' | 'Shift' | 'Alt' | 'Meta', KeySpec> = {
  Control: { key: 'Control', code: 'ControlLeft', keyCode: 17 },
  Shift: { key: 'Shift', code: 'ShiftLeft', keyCode: 16 },
  Alt: { key: 'Alt', code: 'AltLeft', keyCode: 18 },
  Meta: { key: 'Meta', code: 'MetaLeft', keyCode: 91 },
};

const PUNCTUATION_CODES: Record<string, string> = {
  '-': 'Minus',
  '=': 'Equal',
  '[': 'BracketLeft',
  ']': 'BracketRight',
  '\\': 'Backslash',
  ';': 'Semicolon',
  "'": 'Quote',
  ',': 'Comma',
  '.': 'Period',
  '/': 'Slash',
  '`': 'Backquote',
};

/** One printable character → its key spec (the `key` keeps the character's case). */
export function charSpec(char: string): KeySpec {
  if (/^[a-z]$/i.test(char)) return { key: char, code: `Key${char.toUpperCase()}`, keyCode: char.toUpperCase().charCodeAt(0) };
  if (/^[0-9]$/.test(char)) return { key: char, code: `Digit${char}`, keyCode: char.charCodeAt(0) };
  if (char === ' ') return SPACE;
  if (char === '\n') return ENTER;
  return { key: char, code: PUNCTUATION_CODES[char] ?? '', keyCode: 0 };
}

function keySpec(name: string): KeySpec {
  const lower = name.toLowerCase();
  const named = NAMED[lower];
  if (named) return named;
  const fn = /^f([1-9]|1[0-2])$/.exec(lower);
  if (fn) return { key: `F${fn[1]}`, code: `F${fn[1]}`, keyCode: 111 + Number(fn[1]) };
  if ([...name].length === 1) return charSpec(name);
  // Unknown multi-character names pass through as the DOM key (e.g. "CapsLock", "ContextMenu").
  return { key: name, code: name, keyCode: 0 };
}

/** ["Control", "a"], ["ctrl+shift+Tab"], ["Return"] → the combination to press. */
export function parseKeyCombo(input: readonly string[]): KeyCombo {
  // "Control+a" arrives as one entry from some models; a lone "+" is the plus key itself.
  const names = input.flatMap((entry) => (entry.length > 1 && entry.includes('+') ? entry.split('+').filter(Boolean) : [entry]));
  const modifiers: KeySpec[] = [];
  const keys: KeySpec[] = [];
  const flags: Modifiers = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
  for (const name of names) {
    const modifier = MODIFIER_ALIASES[name.toLowerCase()];
    if (modifier) {
      const flag = `${modifier === 'Control' ? 'ctrl' : modifier.toLowerCase()}Key` as keyof Modifiers;
      if (!flags[flag]) modifiers.push(MODIFIER_SPECS[modifier]);
      flags[flag] = true;
    } else {
      keys.push(keySpec(name));
    }
  }
  // Shift with a single letter types the capital: the page sees key "A", as with a real keyboard.
  if (flags.shiftKey && !flags.ctrlKey && !flags.metaKey && !flags.altKey) {
    for (const [i, spec] of keys.entries()) if (/^[a-z]$/.test(spec.key)) keys[i] = { ...spec, key: spec.key.toUpperCase() };
  }
  return { modifiers, keys, flags };
}

/** Whether pressing this spec (with these modifiers) produces text. */
export function isPrintable(spec: KeySpec, flags: Modifiers): boolean {
  return [...spec.key].length === 1 && !flags.ctrlKey && !flags.metaKey && !flags.altKey;
}

export function keyboardInit(spec: KeySpec, flags: Modifiers, repeat = false): KeyboardEventInit & { keyCode: number; which: number } {
  return {
    key: spec.key,
    code: spec.code,
    keyCode: spec.keyCode,
    which: spec.keyCode,
    repeat,
    bubbles: true,
    cancelable: true,
    composed: true,
    ...flags,
  };
}
