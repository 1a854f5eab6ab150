'use client';

import { useModalDialog } from '@/components/ui/useModalDialog';
import { COMMANDS } from '@/lib/commands/registry';
import { formatShortcut } from '@/lib/commands/keys';
import quickOpen from '@/components/quick-open/quick-open.module.css';
import styles from './commands.module.css';

/** Every command and its shortcuts, plus the moves no single command covers (leaving the editor or terminal). */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const { ref: dialogRef, onCancel } = useModalDialog(onClose);

  return (
    <dialog ref={dialogRef} aria-labelledby="keyboard-shortcuts-title" className={`${quickOpen.dialog} ${styles.shortcuts}`} onCancel={onCancel}>
      <div className={styles.header}>
        <h2 id="keyboard-shortcuts-title" className={styles.title}>
          Keyboard shortcuts
        </h2>
        <button type="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
      {/* A tab stop of its own: the list scrolls, and a keyboard user scrolls it with the arrow keys once here. */}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Shortcuts list">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Command</th>
              <th scope="col">Shortcut</th>
            </tr>
          </thead>
          <tbody>
            {COMMANDS.map((command) => (
              <tr key={command.id}>
                <th scope="row">
                  {command.label}
                  {command.detail && <span className={styles.detail}>{command.detail}</span>}
                </th>
                <td>
                  {command.shortcuts.length === 0 ? (
                    <span className={styles.none}>none: run it from the command palette</span>
                  ) : (
                    command.shortcuts.map((shortcut) => (
                      <kbd key={shortcut} className={styles.kbd}>
                        {formatShortcut(shortcut)}
                      </kbd>
                    ))
                  )}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">Leave the editor or the terminal</th>
              <td>
                <kbd className={styles.kbd}>Esc</kbd> then <kbd className={styles.kbd}>Tab</kbd>
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </dialog>
  );
}
