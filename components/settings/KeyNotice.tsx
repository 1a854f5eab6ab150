'use client';

import type { AgentMode } from '@/lib/agent/messages';
import { requestCommand } from '@/lib/commands/bus';
import { modeStatus } from '../../lib/settings/mode-status';
import { useModelOptions, useSettings } from './useSettings';
import styles from './settings.module.css';

/**
 * Before the first message: which model the selected mode will run and with whose key, or that there is no
 * key yet (with the way to Settings), so a missing key is not discovered by a failed message.
 */
export function KeyNotice({ mode }: { mode: AgentMode }) {
  const settings = useSettings();
  const options = useModelOptions();
  if (options.status !== 'ready') return null;
  const status = modeStatus(mode, settings, options.options);
  return (
    <p role="note" aria-label="Model and key" className={status.ready ? styles.hint : styles.warning}>
      {status.text}{' '}
      {!status.ready && (
        <button type="button" className={styles.button} onClick={() => requestCommand('workbench.settings')}>
          Open Settings
        </button>
      )}
    </p>
  );
}
