'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { bootRuntime, type BootedRuntime } from '@/lib/runtime/boot';
import { RUNTIME_STORAGE_KEY, resolveBootTimeoutMs, resolveRuntimeChoice } from '@/lib/runtime/choice';
import type { Runtime, RuntimeChoice, RuntimeKind } from '@/lib/runtime/port';
import { errorMessage } from '../../lib/error-message';

export type RuntimeBootState =
  | { phase: 'booting'; choice: RuntimeChoice; detail: string }
  | { phase: 'ready'; runtime: Runtime; kind: RuntimeKind; bootMs: number; fellBack: boolean; fallbackReason?: string }
  | { phase: 'failed'; choice: RuntimeChoice; message: string; canSwitchToOffline: boolean };

interface BootRequest {
  choice: RuntimeChoice;
  timeoutMs: number;
}

function readChoiceFromPage(): BootRequest {
  const url = new URLSearchParams(window.location.search);
  const stored = window.localStorage.getItem(RUNTIME_STORAGE_KEY);
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

  // One boot per request, even when StrictMode runs the effect twice: the second run reuses the
  // first run's promise instead of booting (and leaking) a second runtime.
  const boot = useRef<{ request: BootRequest; promise: Promise<BootedRuntime> } | null>(null);
  const bootingRequest = useRef<BootRequest | null>(null);

  useEffect(() => {
    let cancelled = false;
    const { choice, timeoutMs } = request;
    if (boot.current?.request !== request) {
      // Set before booting: bootRuntime reports its first status before it returns.
      bootingRequest.current = request;
      const onStatus = (detail: string) => {
        if (bootingRequest.current === request) setState({ phase: 'booting', choice, detail });
      };
      boot.current = { request, promise: bootRuntime(choice, { timeoutMs, onStatus }) };
    }
    boot.current.promise.then(
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
