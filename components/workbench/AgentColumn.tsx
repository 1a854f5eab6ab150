'use client';

import { useState, type ReactNode } from 'react';
import styles from './workbench.module.css';

type AgentTab = 'chat' | 'computer-use';

/**
 * The right-hand column: the coding agent's chat and the computer-use panel, as tabs. Both stay mounted so a
 * running chat or session keeps going (and keeps its state) while the other tab is shown.
 */
export function AgentColumn({ chat, computerUse, footer }: { chat: ReactNode; computerUse: ReactNode; footer?: ReactNode }) {
  const [tab, setTab] = useState<AgentTab>('chat');
  const tabs: { id: AgentTab; label: string; content: ReactNode }[] = [
    { id: 'chat', label: 'Chat', content: chat },
    { id: 'computer-use', label: 'Computer use', content: computerUse },
  ];
  return (
    <div className={styles.fill}>
      <div role="tablist" aria-label="Agent tools" className={styles.agentTabs}>
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`agent-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`agent-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={tab === t.id ? styles.agentTabActive : styles.agentTab}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') setTab(tab === 'chat' ? 'computer-use' : 'chat');
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div key={t.id} role="tabpanel" id={`agent-panel-${t.id}`} aria-labelledby={`agent-tab-${t.id}`} hidden={tab !== t.id} className={styles.agentPanel}>
          {t.content}
        </div>
      ))}
      {footer}
    </div>
  );
}
