'use client';

import { describeRuntime } from '@/lib/runtime/runtime-status';
import { RuntimeMenu } from '@/components/runtime/RuntimeMenu';
import type { RuntimeBootState } from '@/components/runtime/useRuntimeBoot';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { RuntimeResources } from './RuntimeResources';
import { StorageStatus } from './StorageStatus';
import styles from './status.module.css';

/**
 * Bottom bar: which runtime is live and how long it took to boot, its memory and any program that stopped
 * answering, the workspace's storage, the runtime setting.
 */
export function StatusBar({ state, store }: { state: RuntimeBootState; store?: WorkspaceStore }) {
  return (
    <footer className={styles.bar}>
      <span role="status" aria-label="Runtime status" aria-live="polite" className={state.phase === 'failed' ? styles.failed : undefined}>
        {describeRuntime(state)}
      </span>
      {state.phase === 'ready' && <RuntimeResources runtime={state.runtime} />}
      <StorageStatus store={store} />
      <RuntimeMenu state={state} className={styles.setting} />
    </footer>
  );
}
