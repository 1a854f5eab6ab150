'use client';

import { useEffect, useState } from 'react';
import type { Runtime } from '@/lib/runtime/port';
import styles from './workbench.module.css';

/**
 * Errors the runtime reports about itself after booting (WebContainer names blocked third-party cookies as
 * one cause): without this they would only reach the console, and the IDE would just seem stuck.
 */
export function RuntimeErrorNotice({ runtime }: { runtime: Runtime | null }) {
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!runtime?.onRuntimeError) return;
    return runtime.onRuntimeError((text) => setMessage(text));
  }, [runtime]);

  if (!runtime || message === null) return null;
  return (
    <div role="alert" className={styles.bootFailed}>
      <p>The runtime reported an error: {message}</p>
      <button type="button" onClick={() => setMessage(null)}>
        Dismiss
      </button>
    </div>
  );
}
