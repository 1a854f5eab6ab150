/**
 * The command palette's matching: quick open's fuzzy matcher over command labels, so "sva" finds "Save all"
 * the way "appt" finds "app.tsx". With nothing typed, every command in registry order.
 */
import { fuzzyFilter } from '@/lib/editor/fuzzy';
import { COMMANDS, type Command } from './registry';

export interface CommandMatch {
  command: Command;
  /** Indices in the label of the matched characters. */
  positions: number[];
}

export function filterCommands(query: string, commands: readonly Command[] = COMMANDS): CommandMatch[] {
  const byLabel = new Map(commands.map((command) => [command.label, command]));
  return fuzzyFilter(query, [...byLabel.keys()], commands.length).flatMap((match) => {
    const command = byLabel.get(match.path);
    return command ? [{ command, positions: match.positions }] : [];
  });
}
