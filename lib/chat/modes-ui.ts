/** How modes are named in the UI. */
import type { AgentMode } from '@/lib/agent/messages';

export const MODE_LABELS: Record<AgentMode, string> = { fast: 'Fast', balanced: 'Balanced', deep: 'Deep' };
export const MODE_ORDER: readonly AgentMode[] = ['fast', 'balanced', 'deep'];
