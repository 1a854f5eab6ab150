'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { useModal } from '@/components/files/ConfirmDialog';
import dialogStyles from '@/components/files/dialog.module.css';
import styles from './workspaces.module.css';

interface GitImportDialogProps {
  /** Starts the clone (progress and errors show in the launcher, as for other imports). */
  onClone: (url: string, branch: string | undefined) => void;
  onClose: () => void;
}

/** Why a repository URL cannot be cloned here, or null: git's smart HTTP only, no credentials in the URL. */
function repositoryUrlProblem(value: string): string | null {
  if (!URL.canParse(value)) return 'Enter the repository’s address, such as https://github.com/owner/repo.git.';
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `Only http(s) repository addresses can be cloned here, not ${url.protocol.replace(':', '')}.`;
  if (url.username || url.password) return 'Leave the token out of the address: save it in Settings → Git, for this host.';
  return null;
}

/** "Import from Git": a repository URL and an optional branch; the new workspace gets the files and history. */
export function GitImportDialog({ onClone, onClose }: GitImportDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useModal(ref);
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const [url, setUrl] = useState('');
  const [branch, setBranch] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = repositoryUrlProblem(url.trim());
    if (problem) return setError(problem);
    onClone(url.trim(), branch.trim() || undefined);
    onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={dialogStyles.dialog}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={submit}>
        <h2 id={titleId} className={dialogStyles.title}>
          Import from Git
        </h2>
        <label className={styles.field}>
          <span>Repository URL</span>
          <input
            value={url}
            autoFocus
            spellCheck={false}
            placeholder="https://github.com/owner/repo.git"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(null);
            }}
          />
        </label>
        <label className={styles.field}>
          <span>Branch (optional)</span>
          <input value={branch} spellCheck={false} onChange={(e) => setBranch(e.target.value)} />
        </label>
        <p id={hintId} className={styles.muted}>
          GitHub, GitLab, Codeberg, Bitbucket, or a host this server allows. For a private repository, save a token for its host in Settings → Git first.
        </p>
        {error && (
          <p id={errorId} role="alert" className={dialogStyles.error}>
            {error}
          </p>
        )}
        <div className={dialogStyles.actions}>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={dialogStyles.primary}>
            Clone
          </button>
        </div>
      </form>
    </dialog>
  );
}
