/**
 * A model step that produced nothing (a safety block, a malformed call, an empty answer) leaves a bare
 * `step-start` in the assistant message, and the AI SDK's conversion drops such steps: the model would then see
 * its earlier turn followed directly by the next request, as if the empty step had never happened. Each empty
 * step becomes a short text saying so, which keeps the history truthful and its turns counted.
 */
import type { IdeUIMessage } from '../messages';
import { EMPTY_STEP_TEXT } from '../step-ending';

type Part = IdeUIMessage['parts'][number];

/** Parts that give a step content for the model; anything else (step-start, sources) does not. */
const carriesContent = (part: Part) =>
  part.type === 'text'
    ? part.text.trim() !== ''
    : part.type === 'reasoning' || part.type.startsWith('tool-') || part.type === 'dynamic-tool' || part.type === 'file';

function markSteps(parts: readonly Part[]): Part[] | null {
  const out: Part[] = [];
  let changed = false;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Part;
    out.push(part);
    if (part.type !== 'step-start') continue;
    let end = i + 1;
    while (end < parts.length && parts[end]?.type !== 'step-start') end++;
    if (parts.slice(i + 1, end).some(carriesContent)) continue;
    out.push({ type: 'text', text: EMPTY_STEP_TEXT, state: 'done' });
    changed = true;
  }
  return changed ? out : null;
}

/** The messages with each empty step of an assistant message marked; unchanged messages are the same objects. */
export function markEmptySteps(messages: readonly IdeUIMessage[]): IdeUIMessage[] {
  return messages.map((message) => {
    if (message.role !== 'assistant') return message;
    const parts = markSteps(message.parts);
    return parts ? { ...message, parts } : message;
  });
}
