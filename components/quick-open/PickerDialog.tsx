'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './quick-open.module.css';

interface PickerDialogProps<T> {
  /** The dialog's accessible name ("Quick open", "Command palette"). */
  label: string;
  inputLabel: string;
  placeholder: string;
  listLabel: string;
  emptyText: string;
  items: readonly T[];
  itemKey(item: T): string;
  renderItem(item: T): ReactNode;
  query: string;
  onQueryChange(query: string): void;
  onChoose(item: T): void;
  onClose(): void;
  /** Shown between the field and the list (an error, for instance). */
  notice?: ReactNode;
}

/**
 * A modal combobox over a listbox: type to filter, arrow keys move, Enter chooses, Esc or a click on the
 * backdrop closes. Quick open and the command palette differ only in their items and what choosing does.
 */
export function PickerDialog<T>(props: PickerDialogProps<T>) {
  const { items, onChoose, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const [selected, setSelected] = useState(0);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const current = Math.min(selected, Math.max(0, items.length - 1));

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  const choose = (item: T | undefined) => {
    if (item !== undefined) onChoose(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step && items.length) {
      event.preventDefault();
      setSelected((current + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(items[current]);
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-label={props.label}
      className={styles.dialog}
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
        aria-label={props.inputLabel}
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items.length ? optionId(current) : undefined}
        placeholder={props.placeholder}
        className={styles.input}
        value={props.query}
        autoFocus
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => {
          props.onQueryChange(event.target.value);
          setSelected(0);
        }}
        onKeyDown={onKeyDown}
      />
      {props.notice}
      <ul role="listbox" id={listId} aria-label={props.listLabel} className={styles.list}>
        {items.map((item, index) => (
          <li
            key={props.itemKey(item)}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={index === current ? styles.optionActive : styles.option}
            onMouseMove={() => index !== current && setSelected(index)}
            onClick={() => choose(item)}
          >
            {props.renderItem(item)}
          </li>
        ))}
      </ul>
      {items.length === 0 && <p className={styles.empty}>{props.emptyText}</p>}
    </dialog>
  );
}
