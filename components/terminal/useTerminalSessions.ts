'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Runtime } from '@/lib/runtime/port';
import { TerminalSession } from '../../lib/terminal/terminal-session';
import type { TerminalRequests } from '../../lib/terminal/terminal-requests';
import { errorMessage } from '../../lib/error-message';

const AGENT_TAB_TITLE = 'Agent';

/** Live sessions kept outside React state, so teardown and "stop all" always see the current list. */
interface SessionRegistry {
  sessions: TerminalSession[];
  nextId: number;
  /** Bumped when the sessions are torn down, so a shell still starting then is discarded. */
  generation: number;
}

/**
 * The list of terminal tabs. Sessions are created outside render and disposed when the runtime goes
 * away; closing a tab kills its shell.
 */
export function useTerminalSessions(runtime: Runtime, requests: TerminalRequests) {
  const registryRef = useRef<SessionRegistry>({ sessions: [], nextId: 1, generation: 0 });
  const [sessions, setSessions] = useState<TerminalSession[]>([]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = useCallback(async () => {
    const registry = registryRef.current;
    const id = registry.nextId++;
    const startedIn = registry.generation;
    try {
      const session = await TerminalSession.create(id, runtime, {
        history: requests.history,
        onCommand: (command) => requests.reportCommand(command),
      });
      if (startedIn !== registry.generation) {
        session.dispose();
        return;
      }
      registry.sessions.push(session);
      setSessions([...registry.sessions]);
      setActiveId(id);
    } catch (e) {
      setError(`Could not start a shell: ${errorMessage(e)}`);
    }
  }, [runtime, requests]);

  useEffect(() => {
    const registry = registryRef.current;
    const first = setTimeout(() => void open(), 0);
    return () => {
      clearTimeout(first);
      registry.generation++;
      registry.sessions.forEach((s) => s.dispose());
      registry.sessions = [];
      registry.nextId = 1;
    };
  }, [open]);

  const close = useCallback((id: number) => {
    const registry = registryRef.current;
    registry.sessions.find((s) => s.id === id)?.dispose();
    registry.sessions = registry.sessions.filter((s) => s.id !== id);
    const rest = [...registry.sessions];
    setSessions(rest);
    setActiveId((active) => (active === id ? (rest.at(-1)?.id ?? null) : active));
  }, []);

  /** "Stop all": every process the IDE started ends; each tab then gets a fresh shell. */
  const stopAll = useCallback(async () => {
    await runtime.killAll();
    await Promise.all(registryRef.current.sessions.map((s) => s.restartShellIfExited()));
  }, [runtime]);

  // The agent's background processes (dev servers) show in one "Agent" tab, made again if it was closed.
  useEffect(() => {
    const registry = registryRef.current;
    let creating: Promise<TerminalSession> | null = null;
    const agentTab = async () => {
      const open = registry.sessions.find((session) => session.title === AGENT_TAB_TITLE);
      if (open) return open;
      creating ??= TerminalSession.createViewer(registry.nextId++, runtime, AGENT_TAB_TITLE).then((session) => {
        registry.sessions.push(session);
        setSessions([...registry.sessions]);
        setActiveId(session.id);
        creating = null;
        return session;
      });
      return creating;
    };
    return requests.attachViewer((process, label) => {
      void agentTab().then((session) => session.attachProcess(process, label));
    });
  }, [runtime, requests]);

  // Commands asked for by the rest of the IDE run in the active tab, so their progress is visible.
  useEffect(() => {
    const active = sessions.find((s) => s.id === activeId);
    if (!active) return;
    return requests.attachRunner((command, { focus = false }) => {
      if (focus) active.focus();
      active.runCommand(command);
    });
  }, [sessions, activeId, requests]);

  return { sessions, activeId, setActiveId, open, close, stopAll, error };
}
