'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ModelOptions } from '@/lib/agent/model-options';
import { errorMessage } from '@/lib/error-message';
import { getModelOptions, loadModelOptions } from '@/lib/settings/model-options-client';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/schema';
import { getSettings, loadSettings, subscribeSettings } from '@/lib/settings/settings-store';

/** The settings, re-rendering on every change; the defaults until IndexedDB has answered. */
export function useSettings(): Settings {
  useEffect(() => void loadSettings(), []);
  return useSyncExternalStore(subscribeSettings, getSettings, () => DEFAULT_SETTINGS);
}

type ModelOptionsState = { status: 'loading' } | { status: 'ready'; options: ModelOptions } | { status: 'error'; error: string; retry(): void };

/** The server's model list, loaded once per page; an error offers a retry. */
export function useModelOptions(): ModelOptionsState {
  const [state, setState] = useState<ModelOptionsState>(() => {
    const cached = getModelOptions();
    return cached ? { status: 'ready', options: cached } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadModelOptions().then(
      (options) => live && setState({ status: 'ready', options }),
      (error: unknown) =>
        live &&
        setState({
          status: 'error',
          error: `Could not load the list of models: ${errorMessage(error)}`,
          retry: () => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return state;
}
