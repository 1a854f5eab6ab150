/**
 * Keyboard shortcuts as written in the command registry ("Mod+Shift+P", "F1", "Ctrl+`") and how a key event
 * matches one. Keys are compared by `event.code` (the physical key), so Shift or Alt changing the character
 * ("~" for "`", "π" for Alt+P on a Mac) does not break a shortcut. "Mod" is Ctrl, or ⌘ on a Mac.
 */
import { z } from 'zod';

type Modifier = 'Mod' | 'Shift' | 'Alt';

export const shortcutSchema = z.string().regex(/^((Mod|Shift|Alt)\+)*([A-Z0-9`,]|F([1-9]|1[0-2])|Escape|Enter)$/, 'a shortcut like "Mod+Shift+P" or "F1"');
type Shortcut = z.infer<typeof shortcutSchema>;

interface ParsedShortcut {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  /** The `KeyboardEvent.code` of the key. */
  code: string;
  key: string;
}

export function parseShortcut(shortcut: Shortcut): ParsedShortcut {
  const parts = shortcutSchema.parse(shortcut).split('+');
  const key = parts.pop() ?? '';
  const has = (modifier: Modifier) => parts.includes(modifier);
  return { mod: has('Mod'), shift: has('Shift'), alt: has('Alt'), code: codeOf(key), key };
}

function codeOf(key: string): string {
  if (/^[A-Z]$/.test(key)) return `Key${key}`;
  if (/^[0-9]$/.test(key)) return `Digit${key}`;
  if (key === '`') return 'Backquote';
  if (key === ',') return 'Comma';
  return key;
}

export interface KeyLike {
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function matchesShortcut(event: KeyLike, shortcut: Shortcut): boolean {
  const parsed = parseShortcut(shortcut);
  return event.code === parsed.code && (event.ctrlKey || event.metaKey) === parsed.mod && event.shiftKey === parsed.shift && event.altKey === parsed.alt;
}

/** "Mod+Shift+P" → "Ctrl+Shift+P" (or "⌘+Shift+P" on a Mac), as shown in menus and tooltips. */
export function formatShortcut(shortcut: Shortcut, mac = isMac()): string {
  return shortcut.replace(/\bMod\b/, mac ? '⌘' : 'Ctrl').replace(/\bAlt\b/, mac ? '⌥' : 'Alt');
}

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}
