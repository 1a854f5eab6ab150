'use client';

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { WorkspaceStore } from '@/lib/workspace';
import { fuzzyFilter, type FuzzyMatch } from '@/lib/editor/fuzzy';
import { focusEditor } from '@/lib/editor/reveal';
import { useStoreSelector } from '@/components/editor/useStoreSelector';
import { sameCandidates, selectCandidates } from './candidates';
import { highlight } from './highlight';
import styles from './quick-open.module.css';
import { errorMessage } from '../../lib/error-message';

const MAX_RESULTS = 50;

/** The modal itself: a combobox over a listbox of matching paths (arrow keys, Enter, Escape). */
export function QuickOpenDialog({ store, onClose }: { store: WorkspaceStore; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { paths, open } = useStoreSelector(store, selectCandidates, sameCandidates);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const matches = useMemo(() => fuzzyFilter(query, paths, MAX_RESULTS), [query, paths]);
  const current = Math.min(selected, Math.max(0, matches.length - 1));

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  const choose = (match: FuzzyMatch | undefined) => {
    if (!match) return;
    store.openFile(match.path).then(
      () => {
        onClose();
        focusEditor(match.path);
      },
      (reason: unknown) => setError(`Could not open ${match.path}: ${errorMessage(reason)}`),
    );
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
      aria-label="Quick open"
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
        aria-label="File name"
        aria-expanded={matches.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={matches.length ? optionId(current) : undefined}
        placeholder="Type a file name…"
        className={styles.input}
        value={query}
        autoFocus
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => {
          setQuery(event.target.value);
          setSelected(0);
          setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      {error && <p role="alert" className={styles.error}>{error}</p>}
      <ul role="listbox" id={listId} aria-label="Matching files" className={styles.list}>
        {matches.map((match, index) => (
          <li
            key={match.path}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={index === current ? styles.optionActive : styles.option}
            onMouseMove={() => index !== current && setSelected(index)}
            onClick={() => choose(match)}
          >
            <MatchLabel match={match} />
            {open.has(match.path) && <span className={styles.badge}>open</span>}
          </li>
        ))}
      </ul>
      {matches.length === 0 && <p className={styles.empty}>No matching files</p>}
    </dialog>
  );
}

/** "name.ext  folder/path" with the matched characters emphasised. */
function MatchLabel({ match }: { match: FuzzyMatch }) {
  const { path, positions } = match;
  const baseStart = path.lastIndexOf('/') + 1;
  const mark = (from: number, to: number): ReactNode[] => highlight(path, positions, from, to);
  return (
    <>
      <span className={styles.name}>{mark(baseStart, path.length)}</span>
      <span className={styles.dir}>{mark(0, baseStart)}</span>
    </>
  );
}
