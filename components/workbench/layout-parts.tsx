'use client';

/** What the desktop and the phone layouts share: the slots a layout fills, and a labelled pane region. */
import type { ReactNode } from 'react';
import styles from './workbench.module.css';

export interface LayoutSlots {
  files: ReactNode;
  filesActions?: ReactNode;
  editor: ReactNode;
  preview: ReactNode;
  terminal: ReactNode;
  agent: ReactNode;
}

/** A hidden pane's region stays mounted (its terminal and preview keep running) but leaves the accessibility tree and tab order. */
export function Region({ label, actions, hidden = false, children }: { label: string; actions?: ReactNode; hidden?: boolean; children: ReactNode }) {
  return (
    <section aria-label={label} className={styles.region} inert={hidden} aria-hidden={hidden || undefined}>
      <div className={styles.regionHeader}>
        <h2 className={styles.heading}>{label}</h2>
        {actions}
      </div>
      {/* Focusable by script only (F6 into an empty region); the ring shows whenever focus is inside. */}
      <div className={styles.body} tabIndex={-1} data-region-body="">
        {children}
      </div>
    </section>
  );
}
