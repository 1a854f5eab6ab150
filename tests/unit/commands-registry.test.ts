import { describe, expect, it, vi } from 'vitest';
import { filterCommands } from '@/lib/commands/filter';
import { formatShortcut, matchesShortcut, parseShortcut, type KeyLike } from '@/lib/commands/keys';
import { nextRegion } from '@/lib/commands/regions';
import { COMMANDS, commandForKey, commandTitle, type CommandContext } from '@/lib/commands/registry';

const key = (code: string, mods: Partial<KeyLike> = {}): KeyLike => ({ code, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('command registry', () => {
  it('has one definition per id and per label, so the palette can tell them apart', () => {
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
    expect(new Set(COMMANDS.map((c) => c.label)).size).toBe(COMMANDS.length);
  });

  it('gives no two commands the same shortcut', () => {
    const all = COMMANDS.flatMap((c) => c.shortcuts.map((s) => JSON.stringify(parseShortcut(s))));
    expect(new Set(all).size).toBe(all.length);
  });

  it('offers the actions people look for', () => {
    const labels = COMMANDS.map((c) => c.label);
    for (const wanted of [
      'Save',
      'Save all',
      'Go to file (quick open)',
      'Search in files',
      'New file',
      'New folder',
      'Close editor tab',
      'Stop all processes',
      'Export workspace as zip',
      'New conversation',
      'Keyboard shortcuts',
      'Focus terminal',
      'Focus agent (message composer)',
    ]) {
      expect(labels).toContain(wanted);
    }
  });

  it('finds the command for a key press: Ctrl+Shift+P and F1 open the palette, Ctrl+P quick open, Ctrl+` the terminal', () => {
    expect(commandForKey(key('KeyP', { ctrlKey: true, shiftKey: true }))?.id).toBe('workbench.commandPalette');
    expect(commandForKey(key('F1'))?.id).toBe('workbench.commandPalette');
    expect(commandForKey(key('KeyP', { metaKey: true }))?.id).toBe('workbench.quickOpen');
    expect(commandForKey(key('Backquote', { ctrlKey: true }))?.id).toBe('terminal.toggleFocus');
    expect(commandForKey(key('F6', { shiftKey: true }))?.id).toBe('focus.previousRegion');
    // Plain typing is never a command.
    expect(commandForKey(key('KeyP'))).toBeNull();
    expect(commandForKey(key('KeyP', { shiftKey: true }))).toBeNull();
  });

  it('matches modifiers exactly', () => {
    expect(matchesShortcut(key('KeyS', { ctrlKey: true }), 'Mod+S')).toBe(true);
    expect(matchesShortcut(key('KeyS', { ctrlKey: true, altKey: true }), 'Mod+S')).toBe(false);
    expect(matchesShortcut(key('KeyS', { ctrlKey: true, altKey: true }), 'Mod+Alt+S')).toBe(true);
  });

  it('shows shortcuts as people read them, in tooltips too', () => {
    expect(formatShortcut('Mod+Shift+P', false)).toBe('Ctrl+Shift+P');
    expect(formatShortcut('Mod+P', true)).toBe('⌘+P');
    expect(commandTitle('files.newFile', undefined)).toMatch(/^New file \((Ctrl|⌘)\+(Alt|⌥)\+N\)$/);
    expect(commandTitle('files.newFolder')).toBe('New folder');
  });

  it('runs through the context: a component-owned command asks its owner, and says when none answered', () => {
    const request = vi.fn(() => false);
    const ctx = { request, press: vi.fn(() => false) } as unknown as CommandContext;
    const save = COMMANDS.find((c) => c.id === 'file.save');
    expect(save?.run(ctx)).toBe(false);
    expect(request).toHaveBeenCalledWith('file.save');
  });
});

describe('command palette matching (quick open matcher)', () => {
  it('finds a command by a fuzzy query, best first, with the matched letters', () => {
    const [first] = filterCommands('kbs');
    expect(first?.command.label).toBe('Keyboard shortcuts');
    expect(first?.positions.map((i) => first.command.label[i]).join('')).toBe('Kbs');
    expect(filterCommands('save all')[0]?.command.id).toBe('file.saveAll');
    expect(filterCommands('term')[0]?.command.label).toMatch(/terminal/i);
  });

  it('lists every command in registry order when nothing is typed, and nothing for nonsense', () => {
    expect(filterCommands('').map((m) => m.command.id)).toEqual(COMMANDS.map((c) => c.id));
    expect(filterCommands('zzqx')).toEqual([]);
  });
});

describe('F6 region order', () => {
  it('cycles files → editor → terminal → preview → agent and back', () => {
    expect(nextRegion(null, 1)).toBe('Files');
    expect(nextRegion('Files', 1)).toBe('Editor');
    expect(nextRegion('Preview', 1)).toBe('Agent');
    expect(nextRegion('Agent', 1)).toBe('Files');
    expect(nextRegion('Files', -1)).toBe('Agent');
    expect(nextRegion(null, -1)).toBe('Agent');
  });
});
