'use client';

import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useCommandHandler } from '@/components/commands/useCommandHandler';
import { useRuntime } from '@/components/runtime/RuntimeContext';
import { commandTitle } from '@/lib/commands/registry';
import type { TerminalSession } from '../../lib/terminal/terminal-session';
import type { TerminalRequests } from '../../lib/terminal/terminal-requests';
import { useTerminalSessions } from './useTerminalSessions';
import styles from './terminal.module.css';
import { TERMINAL_LEAVE_HINT } from '@/lib/ui/leave-by-keyboard';
import leaveHint from '@/components/ui/leave-hint.module.css';

/** `onStopAll` also runs on "Stop all processes" (the agent's client cancels what the agent started). */
export function TerminalPanel({ requests, onStopAll }: { requests: TerminalRequests; onStopAll?: () => void }) {
  const runtime = useRuntime();
  const { sessions, activeId, setActiveId, open, close, stopAll, error } = useTerminalSessions(runtime, requests);
  const [notice, setNotice] = useState<string | null>(null);
  const active = sessions.find((s) => s.id === activeId) ?? null;
  // Focus follows the user's own choice of tab (a click, the arrow keys, "New terminal"), never a workspace
  // opening: landing in the terminal unasked would put a keyboard user in it.
  const focusNext = useRef(false);
  const choose = (id: number) => {
    focusNext.current = true;
    setActiveId(id);
  };
  const openTerminal = () => {
    focusNext.current = true;
    void open();
  };
  const stopEverything = () => {
    onStopAll?.();
    void stopAll().then(() => setNotice('Stopped all processes'));
  };
  const takeFocusRequest = () => {
    const wanted = focusNext.current;
    focusNext.current = false;
    return wanted;
  };
  useCommandHandler('terminal.new', openTerminal);
  useCommandHandler('run.stopAll', stopEverything);

  const copy = async () => {
    if (!active) return;
    try {
      await navigator.clipboard.writeText(active.text());
      setNotice('Copied terminal output');
    } catch {
      setNotice('Copy failed: the browser did not allow clipboard access');
    }
  };

  const onTabKey = (event: KeyboardEvent) => {
    const index = sessions.findIndex((s) => s.id === activeId);
    if (event.key === 'Delete' && activeId !== null && index >= 0) {
      event.preventDefault();
      close(activeId);
      return;
    }
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step || index < 0) return;
    const next = sessions[(index + step + sessions.length) % sessions.length];
    if (next) choose(next.id);
  };

  return (
    <div className={styles.panel}>
      <div className={styles.bar}>
        <div role="tablist" aria-label="Terminal tabs" className={styles.tabs} onKeyDown={onTabKey}>
          {sessions.map((s) => (
            <span key={s.id} className={styles.tabWrap}>
              <button
                type="button"
                role="tab"
                id={`terminal-tab-${s.id}`}
                aria-selected={s.id === activeId}
                aria-controls={`terminal-panel-${s.id}`}
                tabIndex={s.id === activeId ? 0 : -1}
                aria-keyshortcuts="Delete"
                className={s.id === activeId ? styles.tabActive : styles.tab}
                onClick={() => choose(s.id)}
              >
                {s.title}
              </button>
              {/* Pointer only: a tablist holds nothing but tabs; Delete on the tab closes it (aria-keyshortcuts). */}
              <button type="button" className={styles.close} aria-hidden="true" tabIndex={-1} title={`Close ${s.title} (Delete)`} onClick={() => close(s.id)}>
                ×
              </button>
            </span>
          ))}
        </div>
        <div role="toolbar" aria-label="Terminal controls" className={styles.tools}>
          <button type="button" className={styles.toolButton} title={commandTitle('terminal.new')} onClick={openTerminal}>
            New terminal
          </button>
          <button type="button" className={styles.toolButton} onClick={() => active?.clear()} disabled={!active}>
            Clear terminal
          </button>
          <button type="button" className={styles.toolButton} onClick={() => void copy()} disabled={!active}>
            Copy terminal output
          </button>
          <button type="button" className={`${styles.toolButton} ${styles.danger}`} title={commandTitle('run.stopAll')} onClick={stopEverything}>
            Stop all processes
          </button>
          {active && <TerminalSize session={active} />}
        </div>
      </div>
      {(notice || error) && (
        <div role={error ? 'alert' : 'status'} className={styles.notice} onAnimationEnd={() => setNotice(null)}>
          {error ?? notice}
        </div>
      )}
      <div className={`${styles.screens} ${leaveHint.host}`}>
        {sessions.map((s) => (
          <TerminalScreen key={s.id} session={s} visible={s.id === activeId} takeFocusRequest={takeFocusRequest} />
        ))}
        <p id={TERMINAL_LEAVE_HINT.id} className={leaveHint.hint}>
          {TERMINAL_LEAVE_HINT.text}
        </p>
      </div>
    </div>
  );
}

function TerminalScreen({ session, visible, takeFocusRequest }: { session: TerminalSession; visible: boolean; takeFocusRequest: () => boolean }) {
  const takeFocus = useRef(takeFocusRequest);
  useEffect(() => {
    takeFocus.current = takeFocusRequest;
  });

  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    session.attach(element);
    // Refit whenever the pane is resized (panel drags, window resizes, tab shown again).
    const observer = new ResizeObserver(() => session.fit());
    observer.observe(element);
    return () => observer.disconnect();
  }, [session]);

  useEffect(() => {
    if (!visible) return;
    session.fit();
    if (takeFocus.current()) session.focus();
  }, [session, visible]);

  return (
    <div
      ref={host}
      role="tabpanel"
      id={`terminal-panel-${session.id}`}
      aria-labelledby={`terminal-tab-${session.id}`}
      hidden={!visible}
      className={styles.screen}
    />
  );
}

function TerminalSize({ session }: { session: TerminalSession }) {
  const size = useSyncExternalStore(
    (onChange) => session.subscribe(onChange),
    () => `${session.size.cols} × ${session.size.rows}`,
    () => '',
  );
  return (
    <span aria-label="Terminal size" className={styles.size} title="Columns × rows">
      {size}
    </span>
  );
}
