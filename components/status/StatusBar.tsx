'use client';

import { runtimeLabel, type RuntimeBootState } from '@/components/runtime/useRuntimeBoot';
import { RUNTIME_STORAGE_KEY } from '@/lib/runtime/choice';
import type { RuntimeChoice } from '@/lib/runtime/port';
import styles from './status.module.css';

const CHOICES: { value: RuntimeChoice; label: string }[] = [
  { value: 'auto', label: 'Auto (WebContainer, else offline)' },
  { value: 'webcontainer', label: 'WebContainer' },
  { value: 'offline', label: 'Offline' },
];

export function describeRuntime(state: RuntimeBootState): string {
  
  if (state.phase === 'booting') return state.detail;
  if (state.phase === 'failed') return `${state.choice === 'offline' ? 'Offline runtime' : 'WebContainer'} failed to boot`;
  const fellBack = state.fellBack ? ' (WebContainer unreachable, fell back)' : '';
  return `${runtimeLabel(state.kind)} runtime · booted in ${Math.round(state.bootMs)} ms${fellBack}`;
}

/** Bottom bar: which runtime is live and how long it took to boot, plus the runtime setting. */
export function StatusBar({ state }: { state: RuntimeBootState }) {
  const current = typeof window === 'undefined' ? 'auto' : (window.localStorage.getItem(RUNTIME_STORAGE_KEY) ?? 'auto');

  const choose = (value: string) => {
    window.localStorage.setItem(RUNTIME_STORAGE_KEY, value);
    // One runtime per page (WebContainer cannot boot twice): a new choice takes effect on reload.
    const url = new URL(window.location.href);
    url.searchParams.delete('runtime');
    window.location.assign(url.href);
  };

  return (
    <footer className={styles.bar}>
      <span role="status" aria-label="Runtime status" aria-live="polite" className={state.phase === 'failed' ? styles.failed : undefined}>
        {describeRuntime(state)}
      </span>
      <label className={styles.setting}>
        Runtime
        <select aria-label="Runtime setting" defaultValue={current} onChange={(e) => choose(e.target.value)}>
          {CHOICES.map((c) => (
            <option key={c.value} value={c.value}>{c.label}</option>
          ))}
        </select>
      </label>
    </footer>
  );
}
