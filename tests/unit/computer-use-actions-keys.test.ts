import { describe, expect, it } from 'vitest';
import { normalizeKey, normalizeKeys, parseKeyCombination, parseKeyList } from '@/lib/computer-use/actions';

describe('key names → DOM KeyboardEvent.key', () => {
  it.each([
    ['control', 'Control'],
    ['ctrl', 'Control'],
    ['CTRL', 'Control'],
    ['Control_L', 'Control'],
    ['cmd', 'Meta'],
    ['command', 'Meta'],
    ['meta', 'Meta'],
    ['super', 'Meta'],
    ['win', 'Meta'],
    ['alt', 'Alt'],
    ['option', 'Alt'],
    ['shift', 'Shift'],
    ['enter', 'Enter'],
    ['Return', 'Enter'],
    ['KP_Enter', 'Enter'],
    ['esc', 'Escape'],
    ['Escape', 'Escape'],
    ['tab', 'Tab'],
    ['backspace', 'Backspace'],
    ['BackSpace', 'Backspace'],
    ['del', 'Delete'],
    ['delete', 'Delete'],
    ['space', ' '],
    [' ', ' '],
    ['up', 'ArrowUp'],
    ['ArrowDown', 'ArrowDown'],
    ['left', 'ArrowLeft'],
    ['Right', 'ArrowRight'],
    ['pageup', 'PageUp'],
    ['Page_Down', 'PageDown'],
    ['Prior', 'PageUp'],
    ['Next', 'PageDown'],
    ['home', 'Home'],
    ['END', 'End'],
    ['f1', 'F1'],
    ['F12', 'F12'],
    ['f24', 'F24'],
    ['f25', 'f25'],
    ['plus', '+'],
    ['minus', '-'],
    ['a', 'a'],
    ['A', 'A'],
    ['1', '1'],
    ['/', '/'],
    [' x ', 'x'],
  ])('%j → %j', (raw, key) => {
    expect(normalizeKey(raw)).toBe(key);
  });

  it('rejects empty names', () => {
    expect(() => normalizeKey('')).toThrow(/empty key name/);
    expect(() => normalizeKeys([])).toThrow(/no keys given/);
  });
});

describe('key combinations', () => {
  it.each([
    ['control+c', ['Control', 'c']],
    ['Control+C', ['Control', 'c']],
    ['ctrl+shift+t', ['Control', 'Shift', 'T']],
    ['ctrl + s', ['Control', 's']],
    ['cmd+a', ['Meta', 'a']],
    ['alt+tab', ['Alt', 'Tab']],
    ['shift+tab', ['Shift', 'Tab']],
    ['Enter', ['Enter']],
    ['A', ['A']],
    ['control+plus', ['Control', '+']],
    ['control++', ['Control', '+']],
    ['+', ['+']],
    ['control+space', ['Control', ' ']],
    ['ctrl+alt+delete', ['Control', 'Alt', 'Delete']],
    ['meta+shift+ArrowLeft', ['Meta', 'Shift', 'ArrowLeft']],
  ])('%j → %j', (combo, keys) => {
    expect(parseKeyCombination(combo)).toEqual(keys);
  });

  it.each([
    ['', /empty key combination/],
    ['   ', /empty key combination/],
    ['control+', /malformed key combination/],
    ['+c', /malformed key combination/],
    ['a++b', /malformed key combination/],
    ['1+2+3+4+5+6+7', /at most 6 keys can be pressed together, got 7/],
  ])('%j is rejected', (combo, message) => {
    expect(() => parseKeyCombination(combo)).toThrow(message);
  });

  it('parses lists whose elements may be combinations', () => {
    expect(parseKeyList(['CTRL', 'C'])).toEqual(['Control', 'c']);
    expect(parseKeyList(['ctrl+shift', 'z'])).toEqual(['Control', 'Shift', 'Z']);
    expect(parseKeyList(['+'])).toEqual(['+']);
    expect(parseKeyList([' '])).toEqual([' ']);
    expect(() => parseKeyList([])).toThrow(/no keys given/);
  });
});
