'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { WorkspaceStore } from '@/lib/workspace';
import { errorMessage } from '@/lib/error-message';
import { CloseDirtyDialog } from './CloseDirtyDialog';
import { EditorTabs, tabId } from './EditorTabs';
import { sameChrome, selectChrome, baseName } from '../../lib/editor/model';
import { BinaryNotice, ConflictBanner } from './Notices';
import { RestoredNotice } from './RestoredNotice';
import { useEditorSession } from './useEditorSession';
import { useStoreSelector } from './useStoreSelector';
import { useCommandHandler } from '@/components/commands/useCommandHandler';
import { commandShortcut } from '@/lib/commands/registry';
import styles from './editor.module.css';
import { EDITOR_LEAVE_HINT } from '@/lib/ui/leave-by-keyboard';
import leaveHint from '@/components/ui/leave-hint.module.css';

/**
 * The editor region: tabs for the open files, the CodeMirror editor for the active one, and the banners
 * around it (conflict, lock, read-only workspace, save errors). Re-renders when tabs or their markers change,
 * not on every keystroke: the document itself never passes through React state.
 */
export function EditorArea({ store }: { store: WorkspaceStore }) {
  const chrome = useStoreSelector(store, selectChrome, sameChrome);
  const host = useRef<HTMLDivElement>(null);
  const [saveError, setSaveError] = useState<{ path: string; message: string } | null>(null);
  const [closing, setClosing] = useState<string | null>(null);
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;

  const onSaveResult = useCallback((path: string, error: string | null) => {
    setSaveError((current) => (error ? { path, message: error } : current?.path === path ? null : current));
  }, []);
  const session = useEditorSession(store, host, onSaveResult);

  // Saving refuses while a conflict is open: writing now would silently discard the version on disk.
  const save = (path: string): Promise<boolean> => {
    const file = store.getSnapshot().openFiles.find((f) => f.path === path);
    if (file?.conflict) {
      setSaveError({ path, message: `${baseName(path)} changed on disk: choose a version in the banner before saving.` });
      return Promise.resolve(false);
    }
    return session.current?.save(path) ?? Promise.resolve(false);
  };
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  // "Save" (Ctrl/Cmd+S anywhere in the IDE, or the command palette) saves the active file.
  useCommandHandler('file.save', () => {
    const path = store.getSnapshot().activePath;
    if (path) void saveRef.current(path);
  });

  const requestClose = async (path: string) => {
    // A click on "Close" blurs the editor first, which may have started an autosave: let it finish.
    session.current?.flush(path);
    await session.current?.settled(path);
    const file = store.getSnapshot().openFiles.find((f) => f.path === path);
    if (file?.dirty) setClosing(path);
    else store.closeFile(path);
  };
  useCommandHandler('file.closeTab', () => {
    const path = store.getSnapshot().activePath;
    if (path) void requestClose(path);
  });

  const resolve = (path: string, choice: 'keep-mine' | 'take-theirs') => {
    session.current?.flush(path);
    store.resolveConflict(path, choice).catch((error: unknown) => setSaveError({ path, message: errorMessage(error) }));
  };

  const active = chrome.tabs.find((t) => t.path === chrome.activePath) ?? null;
  const activeIndex = active ? chrome.tabs.indexOf(active) : -1;
  const showsText = active !== null && !active.binary;

  return (
    <div className={styles.area}>
      {chrome.tabs.length > 0 && (
        <EditorTabs
          tabs={chrome.tabs}
          activePath={chrome.activePath}
          idPrefix={idPrefix}
          panelId={panelId}
          onSelect={(path) => store.setActive(path)}
          onClose={(path) => void requestClose(path)}
        />
      )}
      <RestoredNotice store={store} />
      {chrome.readOnly && (
        <p role="status" className={styles.readOnly}>
          This workspace is open for writing in another tab: editors are read-only here.
        </p>
      )}
      {saveError && (
        <div role="alert" className={styles.error}>
          <p>{saveError.message}</p>
          <button type="button" className={styles.button} onClick={() => setSaveError(null)}>
            Dismiss
          </button>
        </div>
      )}
      <div className={styles.panel} {...(active ? { role: 'tabpanel', id: panelId, 'aria-labelledby': tabId(idPrefix, activeIndex) } : {})}>
        {active?.conflict && <ConflictBanner path={active.path} onResolve={(choice) => resolve(active.path, choice)} />}
        {active?.locked && !active.binary && (
          <p role="status" className={styles.locked}>
            {active.name} is locked: unlock it in the file tree to edit it.
          </p>
        )}
        <div className={`${styles.stage} ${leaveHint.host}`}>
          {/* Always mounted (the session lives in it); hidden rather than removed so CodeMirror can measure. */}
          <div ref={host} className={styles.host} style={{ visibility: showsText ? 'visible' : 'hidden' }} />
          {active?.binary && <BinaryNotice store={store} path={active.path} />}
          <p id={EDITOR_LEAVE_HINT.id} className={leaveHint.hint}>
            {EDITOR_LEAVE_HINT.text}
          </p>
          {!active && (
            <p className={styles.placeholder}>
              No file open. Open one from the file tree, or press {commandShortcut('workbench.quickOpen')} to find it by name;{' '}
              {commandShortcut('workbench.commandPalette')} lists every command and its shortcut.
            </p>
          )}
        </div>
      </div>
      {closing && (
        <CloseDirtyDialog
          path={closing}
          onCancel={() => setClosing(null)}
          onDiscard={() => {
            store.closeFile(closing);
            setClosing(null);
          }}
          onSave={() => {
            void save(closing).then((saved) => {
              if (saved) store.closeFile(closing);
              setClosing(null);
            });
          }}
        />
      )}
    </div>
  );
}
