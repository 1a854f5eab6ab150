'use client';

import { useCallback, useEffect, useState } from 'react';
import type { Runtime, RuntimeChoice, RuntimeKind } from '@/lib/runtime/port';
import { readBootRequest, startBoot } from '../../lib/runtime/early-boot';
import { errorMessage } from '../../lib/error-message';

export type RuntimeBootState =
  | { phase: 'booting'; choice: RuntimeChoice; detail: string }
  | { phase: 'ready'; runtime: Runtime; kind: RuntimeKind; bootMs: number; fellBack: boolean; fallbackReason?: string }
  | { phase: 'failed'; choice: RuntimeChoice; message: string; canSwitchToOffline: boolean };

/**
 * Boots the runtime the user chose (URL, setting, env default) once per page and exposes its state.
 * A failed WebContainer boot offers a one-click switch to the offline runtime.
 */
export function useRuntimeBoot() {
  // The workbench renders only in the browser (no SSR), so the page's URL and storage can be read at once.
  const [request, setRequest] = useState(readBootRequest);
  const [state, setState] = useState<RuntimeBootState>(() => booting(request.choice));

  useEffect(() => {
    let cancelled = false;
    const { choice } = request;
    // One boot per request, even when StrictMode runs the effect twice, and the one the IDE page may have
    // started before this component's code had loaded (early-boot.ts).
    const boot = startBoot(request);
    const stopListening = boot.onStatus((detail) => {
      if (!cancelled) setState({ phase: 'booting', choice, detail });
    });
    boot.promise.then(
      (booted) => {
        if (!cancelled) setState({ phase: 'ready', ...booted });
      },
      (error: unknown) => {
        if (cancelled) return;
        const message = errorMessage(error);
        setState({ phase: 'failed', choice, message, canSwitchToOffline: choice !== 'offline' });
      },
    );
    return () => {
      cancelled = true;
      stopListening();
    };
  }, [request]);

  const switchToOffline = useCallback(() => {
    setRequest((current) => ({ choice: 'offline', timeoutMs: current.timeoutMs }));
    setState(booting('offline'));
  }, []);

  return { state, switchToOffline };
}

function booting(choice: RuntimeChoice): RuntimeBootState {
  return { phase: 'booting', choice, detail: describeBooting(choice) };
}

function describeBooting(choice: RuntimeChoice): string {
  if (choice === 'offline') return 'Booting offline runtime…';
  if (choice === 'webcontainer') return 'Booting WebContainer…';
  return 'Booting runtime (WebContainer, offline if unreachable)…';
}

export function runtimeLabel(kind: RuntimeKind): string {
  return kind === 'webcontainer' ? 'WebContainer' : 'offline';
}
