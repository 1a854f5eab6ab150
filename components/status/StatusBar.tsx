'use client';

import { describeRuntime } from '@/components/runtime/runtime-status';
import { RuntimeMenu } from '@/components/runtime/RuntimeMenu';
import type { RuntimeBootState } from '@/components/runtime/useRuntimeBoot';
import styles from './status.module.css';


/** Bottom bar: which runtime is live and how long it took to boot, plus the runtime setting. */
export function StatusBar({ state }: { state: RuntimeBootState }) {
  return (
    <footer className={styles.bar}>
      <span role="status" aria-label="Runtime status" aria-live="polite" className={state.phase === 'failed' ? styles.failed : undefined}>
        {describeRuntime(state)}
      </span>
      <RuntimeMenu state={state} className={styles.setting} />
    </footer>
  );
}
