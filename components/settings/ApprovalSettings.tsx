'use client';

import { useState, useSyncExternalStore } from 'react';
import { APPROVAL_POLICIES, APPROVAL_POLICY_LABELS, readApprovalSettings, type ApprovalSettings } from '@/lib/agent/approvals/policy';
import { errorMessage } from '@/lib/error-message';
import type { WorkspaceStore } from '@/lib/workspace/types';
import styles from './settings.module.css';

/**
 * The open workspace's approvals: when the agent asks before a command (shell, git, npm installs, test runs),
 * and the commands allowed here for good, each removable. Stored with the workspace, so another workspace
 * keeps its own.
 */
export function ApprovalSettingsSection({ store }: { store: WorkspaceStore }) {
  const stored = useSyncExternalStore(
    store.subscribe,
    () => store.getSnapshot().meta.approvals,
    () => undefined,
  );
  const readOnly = useSyncExternalStore(
    store.subscribe,
    () => store.getSnapshot().readOnly,
    () => false,
  );
  const [error, setError] = useState<string | null>(null);
  // Shown at once while the store writes it durably; a failed write goes back to what is stored, with why.
  const [saving, setSaving] = useState<ApprovalSettings | null>(null);
  const settings = saving ?? readApprovalSettings(stored);

  const save = (next: ApprovalSettings) => {
    setError(null);
    setSaving(next);
    store.setApprovals(next).then(
      () => setSaving(null),
      (failure: unknown) => {
        setSaving(null);
        setError(`Not saved: ${errorMessage(failure)}`);
      },
    );
  };

  return (
    <section aria-labelledby="settings-approvals" className={styles.section}>
      <h3 id="settings-approvals">Approvals in this workspace</h3>
      <fieldset className={styles.group} disabled={readOnly}>
        <legend>When the agent runs a command</legend>
        {APPROVAL_POLICIES.map((policy) => (
          <label key={policy} className={styles.radio}>
            <input
              type="radio"
              name="settings-approval-policy"
              value={policy}
              checked={settings.policy === policy}
              onChange={() => save({ ...settings, policy })}
            />
            {APPROVAL_POLICY_LABELS[policy]}
          </label>
        ))}
      </fieldset>
      <h4 id="settings-allowlist" className={styles.subheading}>
        Commands always allowed here
      </h4>
      {settings.allowlist.length === 0 ? (
        <p className={styles.hint}>None yet. “Always allow this command here” on an approval card adds one.</p>
      ) : (
        <ul aria-labelledby="settings-allowlist" className={styles.allowlist}>
          {settings.allowlist.map((command) => (
            <li key={command} className={styles.allowed}>
              <code>{command}</code>
              <button
                type="button"
                className={styles.button}
                disabled={readOnly}
                aria-label={`Remove ${command}`}
                onClick={() => save({ ...settings, allowlist: settings.allowlist.filter((entry) => entry !== command) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {readOnly && <p className={styles.hint}>Another tab holds this workspace: its approvals can be changed there.</p>}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </section>
  );
}
