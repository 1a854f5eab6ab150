/**
 * Counting model steps for the client-side step cap. Tools run in the tab, so every model step is one
 * request: the route streams one step, the chat executes the tool calls and resubmits. Each streamed step
 * starts with a `step-start` part, and resubmissions keep appending to the same assistant message, so the
 * steps of the current run are the `step-start` parts after the last user message.
 */
import { lastAssistantMessageIsCompleteWithToolCalls } from 'ai';
import type { AgentMode, IdeUIMessage } from '@/lib/agent/messages';
import { MODE_STEP_CAPS } from '@/lib/agent/step-caps';
import { closeAsError, isDenied, isIdeToolPart } from './tool-parts';

/** Model steps since the last user message (an assistant message without any step-start counts as one). */
export function stepsSinceLastUser(messages: readonly IdeUIMessage[]): number {
  let steps = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (!message || message.role === 'user') break;
    if (message.role !== 'assistant') continue;
    const starts = message.parts.filter((part) => part.type === 'step-start').length;
    steps += Math.max(starts, 1);
  }
  return steps;
}

/**
 * True when the last assistant step asked for tools and all of them are answered (a result, or the user's
 * denial, which the server passes on to the model): the run wants to go on.
 */
export function wantsToContinue(messages: readonly IdeUIMessage[]): boolean {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return false;
  const answered = last.parts.map((part) => (isIdeToolPart(part) && isDenied(part) ? closeAsError(part, 'Denied by the user.') : part));
  return lastAssistantMessageIsCompleteWithToolCalls({ messages: [...messages.slice(0, -1), { ...last, parts: answered }] });
}

/**
 * Whether the run may take another step. `base` is the step count when the user last pressed Continue: the
 * cap applies to each continued run afresh.
 */
export function underStepCap(messages: readonly IdeUIMessage[], cap: number, base: number): boolean {
  return stepsSinceLastUser(messages) - base < cap;
}

/**
 * The step cap for a mode. The server reports the cap it resolved (env overrides included) in the metadata
 * of its responses; until it has answered in this mode, the default from lib/agent/server/modes applies.
 */
export function stepCapFor(messages: readonly IdeUIMessage[], mode: AgentMode): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const metadata = messages[i]?.metadata;
    if (messages[i]?.role === 'assistant' && metadata?.mode === mode && metadata.maxSteps !== undefined) return metadata.maxSteps;
  }
  return MODE_STEP_CAPS[mode];
}
