'use client';

import { useMemo, useState, type ReactNode } from 'react';
import type { WorkspaceStore } from '@/lib/workspace';
import { fuzzyFilter, type FuzzyMatch } from '@/lib/editor/fuzzy';
import { focusEditor } from '@/lib/editor/reveal';
import { useStoreSelector } from '@/components/editor/useStoreSelector';
import { sameCandidates, selectCandidates } from '../../lib/quick-open/candidates';
import { highlight } from './highlight';
import { PickerDialog } from './PickerDialog';
import styles from './quick-open.module.css';
import { errorMessage } from '@/lib/error-message';

const MAX_RESULTS = 50;

/** The modal itself: matching paths by fuzzy name; choosing one opens it in the editor. */
export function QuickOpenDialog({ store, onClose }: { store: WorkspaceStore; onClose(): void }) {
  const { paths, open } = useStoreSelector(store, selectCandidates, sameCandidates);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = useMemo(() => fuzzyFilter(query, paths, MAX_RESULTS), [query, paths]);

  const choose = (match: FuzzyMatch) => {
    store.openFile(match.path).then(
      () => {
        // Asked for first, so the editor takes focus before "give focus back where it was" would look.
        focusEditor(match.path);
        onClose();
      },
      (reason: unknown) => setError(`Could not open ${match.path}: ${errorMessage(reason)}`),
    );
  };

  return (
    <PickerDialog
      label="Quick open"
      inputLabel="File name"
      placeholder="Type a file name…"
      listLabel="Matching files"
      emptyText="No matching files"
      items={matches}
      itemKey={(match) => match.path}
      renderItem={(match) => (
        <>
          <MatchLabel match={match} />
          {open.has(match.path) && <span className={styles.badge}>open</span>}
        </>
      )}
      query={query}
      onQueryChange={(value) => {
        setQuery(value);
        setError(null);
      }}
      onChoose={choose}
      onClose={onClose}
      notice={
        error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )
      }
    />
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
