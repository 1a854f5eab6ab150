'use client';

import { useMemo, useState } from 'react';
import { filterCommands, type CommandMatch } from '@/lib/commands/filter';
import { shortcutLabel, type Command } from '@/lib/commands/registry';
import { highlight } from '@/components/quick-open/highlight';
import { PickerDialog } from '@/components/quick-open/PickerDialog';
import styles from './commands.module.css';

/** Ctrl+Shift+P / F1: every command by fuzzy name, with its shortcut; arrow keys, Enter runs, Esc closes. */
export function CommandPalette({ onClose, onRun }: { onClose(): void; onRun(command: Command): void }) {
  const [query, setQuery] = useState('');
  const matches = useMemo(() => filterCommands(query), [query]);

  return (
    <PickerDialog
      label="Command palette"
      inputLabel="Command"
      placeholder="Type a command…"
      listLabel="Commands"
      emptyText="No matching commands"
      items={matches}
      itemKey={(match: CommandMatch) => match.command.id}
      renderItem={(match: CommandMatch) => {
        const shortcut = shortcutLabel(match.command);
        return (
          <>
            <span className={styles.category}>{match.command.category}:</span>
            <span>{highlight(match.command.label, match.positions)}</span>
            {shortcut && <kbd className={styles.kbd}>{shortcut}</kbd>}
          </>
        );
      }}
      query={query}
      onQueryChange={setQuery}
      onChoose={(match) => onRun(match.command)}
      onClose={onClose}
    />
  );
}
