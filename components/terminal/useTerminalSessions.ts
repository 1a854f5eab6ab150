'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Runtime } from '@/lib/runtime/port';
import { TerminalSession } from './terminal-session';

/**
 * The list of terminal tabs. Sessions are created outside render and disposed when the runtime goes
 * away; closing a tab kills its shell.
 */
export function useTerminalSessions(runtime: Runtime) {
  const [sessions, setSessions] = useState<TerminalSession[]>([]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nextId = useRef(1);
  const live = useRef<TerminalSession[]>([]);
  // Bumped when the runtime's sessions are torn down, so a shell still starting then is discarded.
  const generation = useRef(0);

  const open = useCallback(async () => {
    const id = nextId.current++;
    const startedIn = generation.current;
    try {
      const session = await TerminalSession.create(id, runtime);
      if (startedIn !== generation.current) {
        session.dispose();
        return;
      }
      live.current.push(session);
      setSessions((list) => [...list, session]);
      setActiveId(id);
    } catch (e) {
      setError(`Could not start a shell: ${e instanceof Error ? e.message : String(e)}`);
    }
  }, [runtime]);

  useEffect(() => {
    void open();
    return () => {
      generation.current++;
      live.current.forEach((s) => s.dispose());
      live.current = [];
      setSessions([]);
      nextId.current = 1;
    };
  }, [open]);

  const close = useCallback((id: number) => {
    live.current.find((s) => s.id === id)?.dispose();
    live.current = live.current.filter((s) => s.id !== id);
    setSessions((list) => {
      const rest = list.filter((s) => s.id !== id);
      setActiveId((active) => (active === id ? (rest.at(-1)?.id ?? null) : active));
      return rest;
    });
  }, []);

  /** "Stop all": every process the IDE started ends; each tab then gets a fresh shell. */
  const stopAll = useCallback(async () => {
    await runtime.killAll();
    await Promise.all(live.current.map((s) => s.restartShellIfExited()));
  }, [runtime]);

  return { sessions, activeId, setActiveId, open, close, stopAll, error };
}
