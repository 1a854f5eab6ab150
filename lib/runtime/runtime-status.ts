import type { RuntimeBootState } from '../../components/runtime/useRuntimeBoot';
import { runtimeLabel } from '../../components/runtime/useRuntimeBoot';

/** The status bar's runtime line: what is booting, what failed, or what runs (and why, after a fallback). */
export function describeRuntime(state: RuntimeBootState): string {
  if (state.phase === 'booting') return state.detail;
  if (state.phase === 'failed') return `${state.choice === 'offline' ? 'Offline runtime' : 'WebContainer'} failed to boot`;
  const ready = `${runtimeLabel(state.kind)} runtime · booted in ${Math.round(state.bootMs)} ms`;
  return state.fellBack ? `${ready} · ${state.fallbackReason ?? 'WebContainer was unavailable'}` : ready;
}
