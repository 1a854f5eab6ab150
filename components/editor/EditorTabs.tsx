'use client';

import type { KeyboardEvent } from 'react';
import { tabLabel, type TabInfo } from '../../lib/editor/model';
import styles from './editor.module.css';
import { displayName } from '@/lib/workspace/display-name';

interface Props {
  tabs: TabInfo[];
  activePath: string | null;
  /** Prefix for element ids (the tabpanel is labelled by the active tab). */
  idPrefix: string;
  panelId: string;
  onSelect(path: string): void;
  onClose(path: string): void;
}

export const tabId = (prefix: string, index: number) => `${prefix}-tab-${index}`;

/** One tab per open file: a dot when dirty, a lock when locked, a close button each (Delete closes the focused tab). */
export function EditorTabs({ tabs, activePath, idPrefix, panelId, onSelect, onClose }: Props) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.path === activePath);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else if (event.key === 'Delete' && activePath) {
      onClose(activePath);
      return;
    } else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.path);
    document.getElementById(tabId(idPrefix, next))?.focus();
  };

  return (
    <div role="tablist" aria-label="Open files" className={styles.tabs} onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => {
        const active = tab.path === activePath;
        return (
          <span key={tab.path} className={active ? styles.tabWrapActive : styles.tabWrap} title={tab.path}>
            <button
              type="button"
              role="tab"
              id={tabId(idPrefix, index)}
              aria-selected={active}
              aria-controls={active ? panelId : undefined}
              aria-label={tabLabel(tab)}
              aria-keyshortcuts="Delete"
              tabIndex={active ? 0 : -1}
              className={styles.tab}
              onClick={() => onSelect(tab.path)}
              onAuxClick={(event) => {
                if (event.button === 1) onClose(tab.path);
              }}
            >
              {tab.locked && <LockIcon />}
              <span className={tab.conflict ? styles.conflictName : undefined}>{displayName(tab.name)}</span>
              {/* Always laid out: a close button that moves when a save clears the dot would miss the click. */}
              <span aria-hidden="true" className={styles.dot} style={{ visibility: tab.dirty ? 'visible' : 'hidden' }}>
                ●
              </span>
            </button>
            {/* For the pointer only: a tablist may hold nothing but tabs, so the keyboard and screen readers close a
                tab with Delete on it (aria-keyshortcuts), and this button stays out of their way. */}
            <button
              type="button"
              className={styles.close}
              aria-hidden="true"
              tabIndex={-1}
              title={`Close ${displayName(tab.name)} (Delete)`}
              onClick={() => onClose(tab.path)}
            >
              ×
            </button>
          </span>
        );
      })}
    </div>
  );
}

/** Drawn rather than an emoji: not every system has an emoji font. */
function LockIcon() {
  return (
    <svg aria-hidden="true" className={styles.lock} width="10" height="12" viewBox="0 0 10 12">
      <rect x="1" y="5" width="8" height="6.5" rx="1" fill="currentColor" />
      <path d="M3 5V3.5a2 2 0 0 1 4 0V5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}
