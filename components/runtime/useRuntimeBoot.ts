'use client';

import { useCallback, useEffect, useState } from 'react';
import { bootRuntime } from '@/lib/runtime/boot';
import { resolveBootTimeoutMs, resolveRuntimeChoice } from '@/lib/runtime/choice';
import type { Runtime, RuntimeChoice, RuntimeKind } from '@/lib/runtime/port';

export const RUNTIME_SETTING_KEY = 'tabsmith.runtime';

export type RuntimeBootState =
  | { phase: 'booting'; choice: RuntimeChoice; detail: string }
  | { phase: 'ready'; runtime: Runtime; kind: RuntimeKind; bootMs: number; fellBack: boolean }
  | { phase: 'failed'; choice: RuntimeChoice; message: string; canSwitchToOffline: boolean };

function readChoiceFromPage(): { choice: RuntimeChoice; timeoutMs: number } {
  const url = new URLSearchParams(window.location.search);
  const stored = window.localStorage.getItem(RUNTIME_SETTING_KEY);
  return {
    choice: resolveRuntimeChoice({ url, stored, envDefault: process.env.NEXT_PUBLIC_TABSMITH_RUNTIME }),
    timeoutMs: resolveBootTimeoutMs({ url, envDefault: process.env.NEXT_PUBLIC_TABSMITH_BOOT_TIMEOUT_MS }),
  };
}

/**
 * Boots the runtime the user chose (URL, setting, env default) once per page and exposes its state.
 * A failed WebContainer boot offers a one-click switch to the offline runtime.
 */
export function useRuntimeBoot() {
  // The workbench renders only in the browser (no SSR), so the page's URL and storage can be read at once.
  const [request, setRequest] = useState(readChoiceFromPage);
  const [state, setState] = useState<RuntimeBootState>(() => booting(request.choice));

  useEffect(() => {
    let cancelled = false;
    const { choice, timeoutMs } = request;
    bootRuntime(choice, {
      timeoutMs,
      onStatus: (detail) => {
        if (!cancelled) setState({ phase: 'booting', choice, detail });
      },
    }).then(
      (booted) => {
        if (!cancelled) setState({ phase: 'ready', ...booted });
      },
      (error: unknown) => {
        if (cancelled) return;
        const message = error instanceof Error ? error.message : String(error);
        setState({ phase: 'failed', choice, message, canSwitchToOffline: choice !== 'offline' });
      },
    );
    return () => {
      cancelled = true;
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
