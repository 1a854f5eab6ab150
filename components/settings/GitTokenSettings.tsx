'use client';

import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/error-message';
import { gitCredentialSchema, gitHostSchema } from '@/lib/git/credentials';
import type { Settings } from '@/lib/settings/schema';
import { updateSettings } from '@/lib/settings/settings-store';
import styles from './settings.module.css';
import controls from '../ui/controls.module.css';

/**
 * Git tokens per host, for private repositories and pushes: saved in this browser, shown by their last four
 * characters, sent only to this app's git proxy for that host (and, from the terminal, only once allowed).
 */
export function GitTokenSettings({ settings }: { settings: Settings }) {
  const hostId = useId();
  const userId = useId();
  const tokenId = useId();
  const hintId = useId();
  const [host, setHost] = useState('');
  const [username, setUsername] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const saved = Object.entries(settings.gitTokens);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsedHost = gitHostSchema.safeParse(host);
    const parsed = gitCredentialSchema.safeParse({ token, ...(username.trim() ? { username } : {}) });
    if (!parsedHost.success) return setError(parsedHost.error.issues[0]?.message ?? 'That is not a host.');
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'That is not a valid token.');
    try {
      await updateSettings({ gitTokens: { ...settings.gitTokens, [parsedHost.data]: parsed.data } });
      setHost('');
      setUsername('');
      setToken('');
    } catch (caught) {
      setError(`Could not save the token: ${errorMessage(caught)}`);
    }
  };
  const remove = (name: string) => void updateSettings({ gitTokens: Object.fromEntries(saved.filter(([other]) => other !== name)) });

  return (
    <section aria-labelledby="settings-git" className={styles.section}>
      <h3 id="settings-git">Git</h3>
      {saved.map(([name, credential]) => (
        <div key={name} className={styles.keyRow}>
          <span className={styles.label}>{name}</span>
          <span className={styles.savedKey}>Token saved in this browser, ending in “{credential.token.slice(-4)}”</span>
          <button type="button" className={styles.button} onClick={() => remove(name)} aria-label={`Remove token for ${name}`}>
            Remove token
          </button>
        </div>
      ))}
      <form className={styles.keyRow} onSubmit={save} aria-label="Add a git token">
        <label htmlFor={hostId} className={styles.label}>
          Git host
        </label>
        <input
          id={hostId}
          className={controls.field}
          value={host}
          placeholder="github.com"
          spellCheck={false}
          onChange={(e) => (setHost(e.target.value), setError(null))}
          aria-describedby={hintId}
        />
        <label htmlFor={userId} className={styles.label}>
          User name (optional)
        </label>
        <input
          id={userId}
          className={controls.field}
          value={username}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => (setUsername(e.target.value), setError(null))}
        />
        <label htmlFor={tokenId} className={styles.label}>
          Access token
        </label>
        <input
          id={tokenId}
          className={`${controls.field} ${styles.keyInput}`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={(e) => (setToken(e.target.value), setError(null))}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className={styles.button} disabled={host.trim() === '' || token.trim() === ''}>
          Save git token
        </button>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <p id={hintId} className={styles.hint}>
          For private repositories and pushes. Kept in this browser only and sent only to this app&apos;s git proxy for that host; a terminal command asks
          before it uses it.
        </p>
      </form>
    </section>
  );
}
