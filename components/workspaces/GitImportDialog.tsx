'use client';

import { useId, useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/ui/FormDialog';
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
    <FormDialog title="Import from Git" error={error} errorId={errorId} submitLabel="Clone" onSubmit={submit} onClose={onClose}>
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
    </FormDialog>
  );
}
