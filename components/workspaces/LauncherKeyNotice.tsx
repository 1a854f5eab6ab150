'use client';

import { useState } from 'react';
import { NEW_CONVERSATION_MODE } from '@/lib/chat/conversation-store';
import { modeStatus, type ModeStatus } from '@/lib/settings/mode-status';
import { SettingsDialog } from '@/components/settings/SettingsDialog';
import { useModelOptions, useSettings } from '@/components/settings/useSettings';
import styles from './launcher.module.css';

/** Whether the agent can answer a prompt from the launcher (null while the server's models are loading). */
export function useAgentReadiness(): ModeStatus | null {
  const settings = useSettings();
  const options = useModelOptions();
  return options.status === 'ready' ? modeStatus(NEW_CONVERSATION_MODE, settings, options.options) : null;
}

interface LauncherKeyNoticeProps {
  status: ModeStatus | null;
  /** The user pressed Start building without a key: the notice becomes an alert with a way on without the agent. */
  asked: boolean;
  busy: boolean;
  onWithoutAgent(): void;
}

/**
 * Said before a workspace is made, not by a failed first message: the agent needs a key this browser does not
 * have. Settings opens right here; or the workspace starts from its template and the prompt waits for a key.
 */
export function LauncherKeyNotice({ status, asked, busy, onWithoutAgent }: LauncherKeyNoticeProps) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  if (!status || status.ready) return settingsOpen ? <SettingsDialog onClose={() => setSettingsOpen(false)} /> : null;
  return (
    <div role={asked ? 'alert' : 'note'} aria-label="Agent key" className={styles.keyNotice}>
      <p>
        {status.text}
        {asked && ' Add your key to let the agent build this, or create the workspace from its template without the agent.'}
      </p>
      <button type="button" className={styles.secondary} onClick={() => setSettingsOpen(true)}>
        Open Settings
      </button>
      {asked && (
        <button type="button" className={styles.secondary} disabled={busy} onClick={onWithoutAgent}>
          Create without the agent
        </button>
      )}
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
    </div>
  );
}
