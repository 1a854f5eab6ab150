'use client';

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { filterCommands, type CommandMatch } from '@/lib/commands/filter';
import { shortcutLabel, type Command } from '@/lib/commands/registry';
import { highlight } from '@/components/quick-open/highlight';
import quickOpen from '@/components/quick-open/quick-open.module.css';
import styles from './commands.module.css';

/** Ctrl+Shift+P / F1: every command by fuzzy name, with its shortcut; arrow keys, Enter runs, Esc closes. */
export function CommandPalette({ onClose, onRun }: { onClose(): void; onRun(command: Command): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const matches = useMemo(() => filterCommands(query), [query]);
  const current = Math.min(selected, Math.max(0, matches.length - 1));

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  const choose = (match: CommandMatch | undefined) => {
    if (match) onRun(match.command);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step && matches.length) {
      event.preventDefault();
      setSelected((current + step + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(matches[current]);
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-label="Command palette"
      className={quickOpen.dialog}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose(); // a click on the backdrop
      }}
    >
      <input
        type="text"
        role="combobox"
        aria-label="Command"
        aria-expanded={matches.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={matches.length ? optionId(current) : undefined}
        placeholder="Type a command…"
        className={quickOpen.input}
        value={query}
        autoFocus
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => {
          setQuery(event.target.value);
          setSelected(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul role="listbox" id={listId} aria-label="Commands" className={quickOpen.list}>
        {matches.map((match, index) => {
          const shortcut = shortcutLabel(match.command);
          return (
            <li
              key={match.command.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              className={index === current ? quickOpen.optionActive : quickOpen.option}
              onMouseMove={() => index !== current && setSelected(index)}
              onClick={() => choose(match)}
            >
              <span className={styles.category}>{match.command.category}:</span>
              <span>{highlight(match.command.label, match.positions)}</span>
              {shortcut && <kbd className={styles.kbd}>{shortcut}</kbd>}
            </li>
          );
        })}
      </ul>
      {matches.length === 0 && <p className={quickOpen.empty}>No matching commands</p>}
    </dialog>
  );
}
