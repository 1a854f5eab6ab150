'use client';

import { PromptStart } from './PromptStart';
import type { TemplateOption } from '../../lib/workspace/launcher/template-options';
import { useWorkspaceList } from './useWorkspaceList';
import { WorkspaceManager } from './WorkspaceManager';
import styles from './launcher.module.css';

/**
 * The start page (no `?ws=`): a prompt for the agent first, then the saved workspaces with "New workspace"
 * (from a template) and the imports. It carries none of the IDE's code; opening a workspace loads that.
 */
export function WorkspaceLauncher({ templates }: { templates: readonly TemplateOption[] }) {
  const list = useWorkspaceList();
  return (
    <main aria-label="Start" className={styles.page}>
      <div className={styles.inner}>
        <p className={styles.brand}>Tabsmith</p>
        <PromptStart templates={templates} list={list} />
        <section aria-labelledby="launcher-workspaces" className={styles.workspaces}>
          <h2 id="launcher-workspaces" className={styles.sectionTitle}>
            Your workspaces
          </h2>
          <p className={styles.lead}>
            Pick up where you left off, start from a template, or bring a project in as a .zip or a folder. Everything stays in this browser.
          </p>
          <WorkspaceManager templates={templates} list={list} />
        </section>
      </div>
    </main>
  );
}
