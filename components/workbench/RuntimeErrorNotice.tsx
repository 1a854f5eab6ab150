'use client';

import { useEffect, useState } from 'react';
import { switchRuntime } from '@/lib/runtime/choice';
import type { Runtime, RuntimeErrorRemedy } from '@/lib/runtime/port';
import styles from './workbench.module.css';

/**
 * Errors the runtime reports about itself after booting (blocked third-party storage, out of memory, a native
 * binding WebContainer cannot load): without this they would only reach the console, and the IDE would just
 * seem stuck. Where the offline runtime gets around the problem, it is one click away (the page reloads on it;
 * the workspace's files are kept in this browser).
 */
export function RuntimeErrorNotice({ runtime }: { runtime: Runtime | null }) {
  const [error, setError] = useState<{ message: string; remedy?: RuntimeErrorRemedy } | null>(null);

  useEffect(() => {
    if (!runtime?.onRuntimeError) return;
    return runtime.onRuntimeError((message, remedy) => setError({ message, remedy }));
  }, [runtime]);

  if (!runtime || error === null) return null;
  const offerOffline = runtime.kind === 'webcontainer' && error.remedy?.offlineRuntimeHelps === true;
  return (
    <div role="alert" className={styles.bootFailed}>
      <p>The runtime reported an error: {error.message}</p>
      {offerOffline && (
        <button type="button" onClick={() => switchRuntime('offline')}>
          Switch to the offline runtime
        </button>
      )}
      <button type="button" onClick={() => setError(null)}>
        Dismiss
      </button>
    </div>
  );
}
