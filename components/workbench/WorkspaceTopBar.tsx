'use client';

import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { errorMessage } from '@/lib/files/errors';
import { useSendPendingPrompt } from '@/components/workspaces/usePendingPrompt';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { useOpenWorkspace } from './open-workspace';
import styles from './topbar.module.css';

const APP_NAME = 'Tabsmith';
const EMPTY_NAME = 'Give the workspace a name.';
const noSubscription = () => () => undefined;

/**
 * The IDE's top line: the open workspace's name, renamed in place (Enter saves, Esc cancels), and the page title
 * "<name> — Tabsmith". It is also where the launcher's prompt reaches the agent, once the workspace is open.
 * `actions` go at its right end (the pane toggles).
 */
export function WorkspaceTopBar({ actions }: { actions?: ReactNode }) {
  const store = useOpenWorkspace();
  useSendPendingPrompt(store);
  const name = useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    () => store?.getSnapshot().meta.name ?? null,
    () => null,
  );
  const readOnly = useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    () => store?.getSnapshot().readOnly ?? false,
    () => false,
  );
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!name) return;
    const previous = document.title;
    document.title = `${name} — ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [name]);

  const finish = (byKeyboard: boolean) => {
    setEditing(false);
    // Enter or Esc: back to where the rename started. A click elsewhere keeps focus where it went.
    if (byKeyboard) requestAnimationFrame(() => renameButton.current?.focus());
  };

  return (
    <header aria-label="Workspace" className={styles.bar}>
      <span className={styles.brand}>{APP_NAME}</span>
      {store && name !== null && (
        <>
          <span aria-hidden="true" className={styles.separator}>
            /
          </span>
          {editing ? (
            <NameEditor initial={name} rename={(next) => store.renameWorkspace(next)} onDone={finish} />
          ) : (
            <>
              <h1 className={styles.name} title={name} onDoubleClick={() => !readOnly && setEditing(true)}>
                {name}
              </h1>
              <button
                ref={renameButton}
                type="button"
                className={styles.renameButton}
                aria-label="Rename workspace"
                title={readOnly ? 'This tab only reads the workspace: take it over to rename it' : 'Rename workspace'}
                disabled={readOnly}
                onClick={() => setEditing(true)}
              >
                <span aria-hidden="true">✎</span>
              </button>
            </>
          )}
        </>
      )}
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}

interface NameEditorProps {
  initial: string;
  rename: WorkspaceStore['renameWorkspace'];
  /** Editing ended; `byKeyboard` when by Enter or Esc rather than by leaving the field. */
  onDone: (byKeyboard: boolean) => void;
}

/** The name as a text field: Enter saves, Esc (or leaving it unchanged) cancels; an empty name is refused. */
function NameEditor({ initial, rename, onDone }: NameEditorProps) {
  const errorId = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const saving = useRef(false);

  const save = async (byKeyboard: boolean) => {
    if (saving.current) return;
    const next = value.trim();
    if (!next) return setError(EMPTY_NAME);
    if (next === initial) return onDone(byKeyboard);
    saving.current = true;
    try {
      await rename(next);
      onDone(byKeyboard);
    } catch (caught) {
      saving.current = false;
      setError(errorMessage(caught));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    // Esc belongs to this field while it is open, not to a dialog or the editor around it.
    event.preventDefault();
    event.stopPropagation();
    onDone(true);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <input
        className={styles.input}
        aria-label="Workspace name"
        value={value}
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        // Clicking away keeps a valid new name, as in a file tree; an empty one is dropped rather than argued over.
        onBlur={() => (value.trim() ? void save(false) : onDone(false))}
      />
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}
