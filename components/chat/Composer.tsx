'use client';

import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AgentMode } from '@/lib/agent/messages';
import { suggestMode } from '@/lib/agent/mode-heuristic';
import { ModeSelector } from './ModeSelector';
import styles from './chat.module.css';

interface ComposerProps {
  mode: AgentMode;
  onModeChange: (mode: AgentMode) => void;
  busy: boolean;
  autoFix: boolean;
  onAutoFixChange: (on: boolean) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  onClear: () => void;
  canClear: boolean;
}

/** The message box and the controls around it. Enter sends, Shift+Enter starts a new line. */
export function Composer({ mode, onModeChange, busy, autoFix, onAutoFixChange, onSend, onStop, onClear, canClear }: ComposerProps) {
  const [draft, setDraft] = useState('');
  const suggested = draft.trim() === '' ? null : suggestMode(draft);

  const submit = () => {
    const text = draft.trim();
    if (text === '' || busy) return;
    onSend(text);
    setDraft('');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an IME composition must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className={styles.composer} onSubmit={onSubmit} aria-label="Message the agent">
      <ModeSelector mode={mode} suggested={suggested} onChange={onModeChange} />
      <textarea
        aria-label="Message the agent"
        className={styles.input}
        placeholder="Ask the agent to build, change or fix something…"
        rows={3}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className={styles.composerActions}>
        <label className={styles.checkbox}>
          <input type="checkbox" checked={autoFix} onChange={(e) => onAutoFixChange(e.target.checked)} /> Auto-fix
        </label>
        <span className={styles.spacer} />
        <button type="button" className={styles.button} disabled={!canClear || busy} onClick={onClear}>
          Clear conversation
        </button>
        {busy ? (
          <button type="button" className={styles.dangerButton} onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="submit" className={styles.primaryButton} disabled={draft.trim() === ''}>
            Send
          </button>
        )}
      </div>
    </form>
  );
}
