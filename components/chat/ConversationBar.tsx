'use client';

import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/files/ConfirmDialog';
import { errorMessage } from '@/lib/error-message';
import { MAX_TITLE_LENGTH } from '../../lib/chat/conversation-store';
import type { Conversations } from '../../lib/chat/useConversation';
import chatStyles from './chat.module.css';
import styles from './conversations.module.css';
import controls from '../ui/controls.module.css';

interface ConversationBarProps {
  conversations: Conversations;
  openId: string;
  /** The open conversation's name as it stands now (its first message may have just been sent). */
  openTitle: string;
  /** A run is going: it belongs to the open conversation, so leaving it is not offered until it ends. */
  busy: boolean;
}

/** Switch, start, rename and delete the workspace's conversations. */
export function ConversationBar({ conversations, openId, openTitle, busy }: ConversationBarProps) {
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const listed = conversations.list.some((c) => c.id === openId) ? conversations.list : [...conversations.list, { id: openId, title: openTitle }];

  const run = (action: () => Promise<void>) => {
    setError(null);
    action().catch((caught: unknown) => setError(errorMessage(caught)));
  };
  const locked = busy ? { disabled: true, 'aria-describedby': reasonId } : {};

  return (
    <div role="group" aria-label="Conversations" className={styles.bar}>
      {renaming ? (
        <RenameForm
          initial={openTitle}
          onCancel={() => setRenaming(false)}
          onSave={(title) => {
            setRenaming(false);
            run(() => conversations.rename(openId, title));
          }}
        />
      ) : (
        <select
          aria-label="Conversation"
          className={styles.select}
          value={openId}
          onChange={(e) => run(() => conversations.switchTo(e.target.value))}
          {...locked}
        >
          {listed.map((c) => (
            <option key={c.id} value={c.id}>
              {c.id === openId ? openTitle : c.title}
            </option>
          ))}
        </select>
      )}
      <button
        type="button"
        className={controls.button}
        aria-label="New conversation"
        title="New conversation"
        onClick={() => run(conversations.create)}
        {...locked}
      >
        New
      </button>
      <button type="button" className={controls.button} onClick={() => setRenaming(true)} disabled={renaming}>
        Rename
      </button>
      <button type="button" className={controls.button} onClick={() => setConfirmDelete(true)} {...locked}>
        Delete
      </button>
      {busy && (
        <p id={reasonId} className={styles.reason}>
          The agent is working in this conversation: stop it or wait for it to finish to switch, start or delete conversations.
        </p>
      )}
      {error && (
        <p role="alert" className={chatStyles.error}>
          {error}
        </p>
      )}
      {confirmDelete && (
        <ConfirmDialog
          title={`Delete the conversation “${openTitle}”?`}
          confirmLabel="Delete"
          danger
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => {
            setConfirmDelete(false);
            run(() => conversations.remove(openId));
          }}
        >
          <p>Its messages are deleted. Files the agent wrote stay.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function RenameForm({ initial, onSave, onCancel }: { initial: string; onSave: (title: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value.trim());
  };
  return (
    <form className={styles.rename} onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <input aria-label="Conversation name" value={value} maxLength={MAX_TITLE_LENGTH} autoFocus onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className={controls.primaryButton}>
        Save
      </button>
      <button type="button" className={controls.button} onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
