/**
 * Every action of the IDE, defined once: the command palette lists these, the "Keyboard shortcuts" view
 * shows them, the one keydown handler runs them, and buttons take their tooltips from them. A command
 * either does its work from the context it is given or asks the component that owns the state
 * (`ctx.request`), which answers through the command bus.
 */
import { z } from 'zod';
import type { Runtime } from '@/lib/runtime/port';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { formatShortcut, matchesShortcut, shortcutSchema, type KeyLike } from './keys';
import type { RegionName } from './regions';

export type CommandView = 'palette' | 'shortcuts' | 'quick-open' | 'settings';

/** What a command may use: the open workspace, the runtime, and the workbench's own moves. */
export interface CommandContext {
  store: WorkspaceStore;
  runtime: Runtime;
  /** Runs a command line in the active terminal tab. */
  runInTerminal(command: string): void;
  show(view: CommandView): void;
  focusRegion(region: RegionName): void;
  cycleRegion(step: 1 | -1): void;
  /** Ctrl+`: into the terminal, or back to where focus was before. */
  toggleTerminal(): void;
  /** Asks the component that owns this command to carry it out; false when it is not on screen. */
  request(id: string): boolean;
  /** Clicks the enabled button named `name` in a region; false when there is none. */
  press(region: RegionName, name: string): boolean;
  /** Saves the workspace as a zip download. */
  exportZip(): Promise<void>;
  reload(): void;
}

const commandSchema = z.object({
  id: z.string().regex(/^[a-z]+(\.[a-zA-Z]+)+$/),
  label: z.string().min(1),
  category: z.enum(['Workbench', 'View', 'File', 'Files', 'Search', 'Run', 'Terminal', 'Agent', 'Focus', 'Help']),
  /** The first one is shown; all of them work. */
  shortcuts: z.array(shortcutSchema).default([]),
  /** Longer text for the shortcuts view (how to do what no key combination does). */
  detail: z.string().optional(),
});
type CommandInfo = z.infer<typeof commandSchema>;

export interface Command extends CommandInfo {
  /** Returns false when the command could not run now (its pane is not showing). */
  run(ctx: CommandContext): unknown;
}

function define<const Id extends string>(info: z.input<typeof commandSchema> & { id: Id }, run: Command['run']): Command & { id: Id } {
  return { ...commandSchema.parse(info), id: info.id, run };
}
const ask = (ctx: CommandContext, id: string) => ctx.request(id);

export const COMMANDS = [
  define({ id: 'workbench.commandPalette', label: 'Show all commands', category: 'Workbench', shortcuts: ['Mod+Shift+P', 'F1'] }, (ctx) => ctx.show('palette')),
  define({ id: 'workbench.quickOpen', label: 'Go to file (quick open)', category: 'Workbench', shortcuts: ['Mod+P'] }, (ctx) => ctx.show('quick-open')),
  define({ id: 'workbench.settings', label: 'Settings (agent models and keys, theme, editor, runtime)', category: 'Workbench', shortcuts: ['Mod+,'] }, (ctx) =>
    ctx.show('settings'),
  ),
  define({ id: 'help.keyboardShortcuts', label: 'Keyboard shortcuts', category: 'Help' }, (ctx) => ctx.show('shortcuts')),
  define({ id: 'file.save', label: 'Save', category: 'File', shortcuts: ['Mod+S'] }, (ctx) => ask(ctx, 'file.save')),
  define({ id: 'file.saveAll', label: 'Save all', category: 'File', shortcuts: ['Mod+Alt+S'] }, (ctx) => ctx.store.saveAll()),
  define({ id: 'file.closeTab', label: 'Close editor tab', category: 'File', shortcuts: ['Alt+W'] }, (ctx) => ask(ctx, 'file.closeTab')),
  define({ id: 'files.newFile', label: 'New file', category: 'Files', shortcuts: ['Mod+Alt+N'] }, (ctx) => ask(ctx, 'files.newFile')),
  define({ id: 'files.newFolder', label: 'New folder', category: 'Files' }, (ctx) => ask(ctx, 'files.newFolder')),
  define({ id: 'files.toggleHidden', label: 'Show or hide hidden folders', category: 'Files' }, (ctx) => ask(ctx, 'files.toggleHidden')),
  define({ id: 'search.inFiles', label: 'Search in files', category: 'Search', shortcuts: ['Mod+Shift+F'] }, (ctx) => ask(ctx, 'search.inFiles')),
  define({ id: 'run.start', label: 'Run the workspace (start command)', category: 'Run' }, (ctx) =>
    ctx.runInTerminal(ctx.store.getSnapshot().facts.startCommand ?? 'npm run dev'),
  ),
  define({ id: 'run.stopAll', label: 'Stop all processes', category: 'Run' }, (ctx) => ask(ctx, 'run.stopAll')),
  define({ id: 'runtime.reload', label: 'Restart the runtime (reload the IDE)', category: 'Run' }, (ctx) => ctx.reload()),
  define({ id: 'terminal.new', label: 'New terminal', category: 'Terminal', shortcuts: ['Mod+Shift+`'] }, (ctx) => ask(ctx, 'terminal.new')),
  define(
    {
      id: 'terminal.toggleFocus',
      label: 'Focus terminal / back to where you were',
      category: 'Terminal',
      shortcuts: ['Mod+`'],
      detail: 'In the terminal, Esc then Tab (or Shift+Tab) moves focus out, as in the editor.',
    },
    (ctx) => ctx.toggleTerminal(),
  ),
  define({ id: 'workspace.export', label: 'Export workspace as zip', category: 'Workbench' }, (ctx) => ctx.exportZip()),
  define({ id: 'preview.selectElement', label: 'Select an element in the preview for the agent', category: 'Agent', shortcuts: ['Mod+Shift+E'] }, (ctx) =>
    ask(ctx, 'preview.selectElement'),
  ),
  define(
    { id: 'chat.newConversation', label: 'New conversation', category: 'Agent' },
    (ctx) => ask(ctx, 'chat.newConversation') || ctx.press('Agent', 'New conversation'),
  ),
  define({ id: 'view.toggleFiles', label: 'Show or hide the files pane', category: 'View', shortcuts: ['Mod+B'] }, (ctx) => ask(ctx, 'view.toggleFiles')),
  define({ id: 'view.togglePreview', label: 'Show or hide the preview pane', category: 'View', shortcuts: ['Mod+Alt+P'] }, (ctx) =>
    ask(ctx, 'view.togglePreview'),
  ),
  define({ id: 'view.toggleTerminal', label: 'Show or hide the terminal pane', category: 'View', shortcuts: ['Mod+J'] }, (ctx) =>
    ask(ctx, 'view.toggleTerminal'),
  ),
  define({ id: 'view.toggleAgent', label: 'Show or hide the agent column', category: 'View', shortcuts: ['Mod+Alt+B'] }, (ctx) => ask(ctx, 'view.toggleAgent')),
  define({ id: 'focus.nextRegion', label: 'Focus next region', category: 'Focus', shortcuts: ['F6'] }, (ctx) => ctx.cycleRegion(1)),
  define({ id: 'focus.previousRegion', label: 'Focus previous region', category: 'Focus', shortcuts: ['Shift+F6'] }, (ctx) => ctx.cycleRegion(-1)),
  define({ id: 'focus.files', label: 'Focus files', category: 'Focus' }, (ctx) => ctx.focusRegion('Files')),
  define({ id: 'focus.editor', label: 'Focus editor', category: 'Focus', detail: 'In the editor, Esc then Tab moves focus out.' }, (ctx) =>
    ctx.focusRegion('Editor'),
  ),
  define({ id: 'focus.terminal', label: 'Focus terminal', category: 'Focus' }, (ctx) => ctx.focusRegion('Terminal')),
  define({ id: 'focus.preview', label: 'Focus preview', category: 'Focus' }, (ctx) => ctx.focusRegion('Preview')),
  define({ id: 'focus.agent', label: 'Focus agent (message composer)', category: 'Focus' }, (ctx) => ctx.focusRegion('Agent')),
] as const satisfies readonly Command[];

export type CommandId = (typeof COMMANDS)[number]['id'];

function commandById(id: CommandId): Command {
  const command = COMMANDS.find((c) => c.id === id);
  if (!command) throw new Error(`No command ${id}`);
  return command;
}

/** The shortcut as shown ("Ctrl+Shift+P"), or null for a command without one. */
export function shortcutLabel(command: CommandInfo): string | null {
  const first = command.shortcuts[0];
  return first ? formatShortcut(first) : null;
}

/** The shortcut of a command that has one, as shown ("Ctrl+P"). */
export function commandShortcut(id: CommandId): string {
  return shortcutLabel(commandById(id)) ?? '';
}

/** A button's tooltip: "New file (Ctrl+Alt+N)". */
export function commandTitle(id: CommandId, label?: string): string {
  const command = commandById(id);
  const shortcut = shortcutLabel(command);
  const text = label ?? command.label;
  return shortcut ? `${text} (${shortcut})` : text;
}

/** The command a key press runs, if any. */
export function commandForKey(event: KeyLike): Command | null {
  return COMMANDS.find((command) => command.shortcuts.some((shortcut) => matchesShortcut(event, shortcut))) ?? null;
}
