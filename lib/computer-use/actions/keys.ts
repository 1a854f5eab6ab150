/**
 * Key names from every action set → DOM `KeyboardEvent.key` values (what the bridge dispatches).
 *
 * - Gemini: "control+c", "Control+Shift+T", "Enter"; hotkey(["ctrl", "c"]).
 * - Generic set: "Control+c", ["CTRL", "C"].
 * - Claude (xdotool): "ctrl+s", "Return", "BackSpace", "Page_Down", "super+l"; space-separated sequences
 *   ("ctrl+a Delete") are split by the Claude adapter before reaching here.
 *
 * Letters: alone they stay as given ("A" types a capital A); inside a combination with a modifier they are
 * lowercased ("Control+C" → ["Control", "c"]), or uppercased when Shift is held ("ctrl+shift+t" → [..., "T"]).
 * Space is the DOM value " ".
 */
import { MappingFailure } from './errors';

const MAX_COMBINATION_KEYS = 6;

const MODIFIERS = new Set(['Control', 'Shift', 'Alt', 'Meta']);

const ALIASES: Record<string, string> = {
  control: 'Control',
  ctrl: 'Control',
  control_l: 'Control',
  control_r: 'Control',
  ctrl_l: 'Control',
  ctrl_r: 'Control',
  shift: 'Shift',
  shift_l: 'Shift',
  shift_r: 'Shift',
  alt: 'Alt',
  option: 'Alt',
  opt: 'Alt',
  alt_l: 'Alt',
  alt_r: 'Alt',
  meta: 'Meta',
  cmd: 'Meta',
  command: 'Meta',
  super: 'Meta',
  super_l: 'Meta',
  super_r: 'Meta',
  win: 'Meta',
  windows: 'Meta',
  os: 'Meta',
  enter: 'Enter',
  return: 'Enter',
  kp_enter: 'Enter',
  esc: 'Escape',
  escape: 'Escape',
  tab: 'Tab',
  backspace: 'Backspace',
  back_space: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  insert: 'Insert',
  ins: 'Insert',
  space: ' ',
  spacebar: ' ',
  up: 'ArrowUp',
  arrowup: 'ArrowUp',
  arrow_up: 'ArrowUp',
  kp_up: 'ArrowUp',
  down: 'ArrowDown',
  arrowdown: 'ArrowDown',
  arrow_down: 'ArrowDown',
  kp_down: 'ArrowDown',
  left: 'ArrowLeft',
  arrowleft: 'ArrowLeft',
  arrow_left: 'ArrowLeft',
  kp_left: 'ArrowLeft',
  right: 'ArrowRight',
  arrowright: 'ArrowRight',
  arrow_right: 'ArrowRight',
  kp_right: 'ArrowRight',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  page_up: 'PageUp',
  pgup: 'PageUp',
  prior: 'PageUp',
  pagedown: 'PageDown',
  page_down: 'PageDown',
  pgdn: 'PageDown',
  next: 'PageDown',
  capslock: 'CapsLock',
  caps_lock: 'CapsLock',
  plus: '+',
  minus: '-',
  equal: '=',
  equals: '=',
  comma: ',',
  period: '.',
  slash: '/',
  backslash: '\\',
  semicolon: ';',
  apostrophe: "'",
  quote: "'",
  grave: '`',
  bracketleft: '[',
  bracketright: ']',
};

/** One key name → its DOM key value ("ctrl" → "Control", "return" → "Enter", "f5" → "F5", "x" → "x"). */
export function normalizeKey(raw: string): string {
  if (raw === ' ') return ' ';
  const name = raw.trim();
  if (!name) throw new MappingFailure('empty key name');
  const lower = name.toLowerCase();
  const alias = ALIASES[lower];
  if (alias !== undefined) return alias;
  if (/^f([1-9]|1[0-9]|2[0-4])$/.test(lower)) return lower.toUpperCase();
  return name;
}

/** Case of single letters inside a combination (see the file comment). */
function adjustLetters(keys: string[]): string[] {
  const modifiers = keys.filter((k) => MODIFIERS.has(k));
  if (modifiers.length === 0 || keys.length < 2) return keys;
  const shift = modifiers.includes('Shift');
  return keys.map((k) => (k.length === 1 && /\p{L}/u.test(k) ? (shift ? k.toUpperCase() : k.toLowerCase()) : k));
}

/** Normalizes an array of key names pressed together (hotkey(["ctrl", "c"]), keypress(["CTRL", "C"])). */
export function normalizeKeys(names: readonly string[]): string[] {
  if (names.length === 0) throw new MappingFailure('no keys given');
  const keys = adjustLetters(names.map(normalizeKey));
  if (keys.length > MAX_COMBINATION_KEYS) throw new MappingFailure(`at most ${MAX_COMBINATION_KEYS} keys can be pressed together, got ${keys.length}`);
  return keys;
}

function splitCombination(combo: string): string[] {
  const text = combo.trim();
  if (!text) throw new MappingFailure('empty key combination');
  if (text === '+') return ['plus'];
  const parts = text.endsWith('++') ? [...text.slice(0, -2).split('+'), 'plus'] : text.split('+');
  if (parts.some((p) => p.trim() === '')) throw new MappingFailure(`malformed key combination "${combo}"`);
  return parts;
}

/**
 * "control+c" → ["Control", "c"]. Split on '+'; a literal plus is written as a trailing "+" ("control++",
 * or "+" alone) or as "plus". Whitespace around parts is ignored ("ctrl + s").
 */
export function parseKeyCombination(combo: string): string[] {
  return normalizeKeys(splitCombination(combo));
}

/** A list whose elements may themselves be combinations: ["ctrl", "C"], ["ctrl+shift", "t"] → one combination. */
export function parseKeyList(list: readonly string[]): string[] {
  if (list.length === 0) throw new MappingFailure('no keys given');
  return normalizeKeys(list.flatMap((k) => (k === ' ' ? [' '] : splitCombination(k))));
}
