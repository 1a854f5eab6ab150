'use client';

import { readStoredRuntime, runtimeChoiceSchema, runtimeInForce, switchRuntime } from '@/lib/runtime/choice';
import type { RuntimeChoice } from '@/lib/runtime/port';
import type { RuntimeBootState } from './useRuntimeBoot';

const CHOICES: { value: RuntimeChoice; label: string }[] = [
  { value: 'auto', label: 'Auto (WebContainer, else offline)' },
  { value: 'webcontainer', label: 'WebContainer' },
  { value: 'offline', label: 'Offline' },
];

const labelOf = (choice: RuntimeChoice) => CHOICES.find((c) => c.value === choice)?.label ?? choice;

/**
 * The runtime setting. It shows the runtime in force (Offline after 'auto' fell back, or with `?runtime=offline`),
 * not only the stored setting, which the tooltip names when it differs. Choosing stores the setting and reloads:
 * one runtime per page (WebContainer cannot boot twice).
 */
export function RuntimeMenu({ state, className }: { state: RuntimeBootState; className?: string }) {
  const requested = state.phase === 'ready' ? undefined : state.choice;
  const shown = runtimeInForce({ requested: requested ?? 'auto', booted: state.phase === 'ready' ? state.kind : undefined });
  const setting = readStoredRuntime();
  const title = setting === shown ? undefined : `Your setting: ${labelOf(setting)}. In force now: ${labelOf(shown)}.`;

  const choose = (value: string) => switchRuntime(runtimeChoiceSchema.parse(value));

  return (
    <label className={className} title={title}>
      Runtime
      <select aria-label="Runtime setting" value={shown} onChange={(e) => choose(e.target.value)}>
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
