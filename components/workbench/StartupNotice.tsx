'use client';

import type { WorkspaceStartup } from './useWorkspaceStartup';
import styles from './workbench.module.css';

/** Under the terminal: the workspace's start command did not run because its install failed, and why. */
export function StartupNotice({ startup }: { startup: WorkspaceStartup }) {
  const { skipped } = startup;
  if (!skipped) return null;
  return (
    <div role="status" aria-label="Start skipped" className={styles.startupNotice}>
      <span>{skipped.message}</span>
      <button type="button" className={styles.startupNoticeButton} onClick={startup.startAnyway}>
        Run {skipped.command} anyway
      </button>
      <button type="button" className={styles.startupNoticeButton} onClick={startup.dismiss}>
        Dismiss
      </button>
    </div>
  );
}
