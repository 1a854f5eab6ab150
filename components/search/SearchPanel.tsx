'use client';

import { useEffect, useRef, useState } from 'react';
import type { SearchHit, WorkspaceStore } from '@/lib/workspace';
import { revealLine } from '@/lib/editor/reveal';
import { useCommandHandler } from '@/components/commands/useCommandHandler';
import { groupByFile, splitPreview, summary } from '../../lib/search/group';
import styles from './search.module.css';
import { errorMessage } from '../../lib/error-message';

const MAX_RESULTS = 1000;
const DEBOUNCE_MS = 250;

interface Outcome {
  query: string;
  caseSensitive: boolean;
  hits: SearchHit[];
}

/** Search in files: results grouped by file; each hit opens its file at that line. Ctrl/Cmd+Shift+F focuses it. */
export function SearchPanel({ store }: { store: WorkspaceStore }) {
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Answers can arrive out of order (a slow search for "a" after a fast one for "ab"): keep only the latest.
  const generation = useRef(0);

  useCommandHandler('search.inFiles', () => {
    input.current?.focus();
    input.current?.select();
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const run = (text: string, matchCase: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    const ticket = ++generation.current;
    if (text === '') {
      setOutcome(null);
      setBusy(false);
      setError(null);
      return;
    }
    setBusy(true);
    store.search(text, { caseSensitive: matchCase, maxResults: MAX_RESULTS }).then(
      (hits) => {
        if (ticket !== generation.current) return;
        setOutcome({ query: text, caseSensitive: matchCase, hits });
        setError(null);
        setBusy(false);
      },
      (reason: unknown) => {
        if (ticket !== generation.current) return;
        setError(`Search failed: ${errorMessage(reason)}`);
        setBusy(false);
      },
    );
  };

  const schedule = (text: string, matchCase: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => run(text, matchCase), DEBOUNCE_MS);
  };

  const open = (hit: SearchHit) => {
    store.openFile(hit.path).then(
      () => revealLine(hit.path, hit.line, hit.column),
      (reason: unknown) => setError(`Could not open ${hit.path}: ${errorMessage(reason)}`),
    );
  };

  const groups = outcome ? groupByFile(outcome.hits) : [];

  return (
    <div className={styles.panel}>
      <form
        role="search"
        aria-label="Search in files"
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          run(query, caseSensitive);
        }}
      >
        <input
          ref={input}
          type="search"
          aria-label="Search in files"
          placeholder="Search in files"
          className={styles.input}
          value={query}
          spellCheck={false}
          onChange={(event) => {
            setQuery(event.target.value);
            schedule(event.target.value, caseSensitive);
          }}
        />
        <button
          type="button"
          aria-pressed={caseSensitive}
          aria-label="Match case"
          title="Match case"
          className={caseSensitive ? styles.toggleOn : styles.toggle}
          onClick={() => {
            setCaseSensitive(!caseSensitive);
            run(query, !caseSensitive);
          }}
        >
          Aa
        </button>
      </form>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <p role="status" className={styles.summary}>
        {busy ? 'Searching…' : outcome ? summary(outcome.hits.length, groups.length, outcome.hits.length >= MAX_RESULTS) : ''}
      </p>
      {outcome && groups.length > 0 && (
        <ul aria-label="Search results" className={styles.files}>
          {groups.map((group) => (
            <li key={group.path}>
              <h3 className={styles.file} title={group.path}>
                {group.path.replace(/^\//, '')} <span className={styles.count}>{group.hits.length}</span>
              </h3>
              <ul className={styles.hits}>
                {group.hits.map((hit) => {
                  const [before, match, after] = splitPreview(hit.preview, outcome.query, outcome.caseSensitive);
                  return (
                    <li key={`${hit.line}:${hit.column}`}>
                      <button type="button" className={styles.hit} aria-label={`${hit.path}:${hit.line} ${hit.preview.trim()}`} onClick={() => open(hit)}>
                        <span className={styles.line}>{hit.line}</span>
                        <span className={styles.preview}>
                          {before}
                          {match && <mark>{match}</mark>}
                          {after}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
