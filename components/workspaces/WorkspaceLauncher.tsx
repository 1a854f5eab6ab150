'use client';

import { WorkspaceManager } from './WorkspaceManager';
import styles from './workspaces.module.css';

/** Shown instead of the workbench when no workspace is open (`?ws=` absent). */
export function WorkspaceLauncher() {
  return (
    <section aria-label="Workspaces" className={styles.launcher}>
      <div className={styles.launcherInner}>
        <h1>Open a workspace</h1>
        <p className={styles.lead}>Pick up where you left off, start from a template, or bring a project in as a .zip or a folder. Everything stays in this browser.</p>
        <WorkspaceManager />
      </div>
    </section>
  );
}
