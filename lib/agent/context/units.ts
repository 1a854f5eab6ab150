/**
 * A conversation as the units compaction works on: each user message is one unit, each model step of an
 * assistant message (its parts from one `step-start` to the next) is another, so a cut never separates a
 * tool call from its result. Also renders units as a plain transcript for the summariser.
 */
import { estimateTokens } from './budget';
import { isToolPart, type LooseMessage, type LoosePart } from './shrink';
import { trimText } from './reference';

export interface Unit {
  messageIndex: number;
  /** Parts [start, end) of the message. */
  start: number;
  end: number;
  role: 'user' | 'assistant';
  /** Stable across requests while the message exists: `<message id>#<step number>`. */
  key: string;
  tokens: number;
}

export function splitUnits(messages: readonly LooseMessage[]): Unit[] {
  const units: Unit[] = [];
  messages.forEach((message, messageIndex) => {
    if (message.role === 'system') return;
    if (message.role === 'user') {
      units.push({ messageIndex, start: 0, end: message.parts.length, role: 'user', key: `${message.id}#0`, tokens: estimateTokens(message.parts) });
      return;
    }
    const starts = message.parts.flatMap((part, i) => (part.type === 'step-start' && i > 0 ? [i] : []));
    const bounds = [0, ...starts, message.parts.length];
    for (let step = 0; step < bounds.length - 1; step++) {
      const start = bounds[step] ?? 0;
      const end = bounds[step + 1] ?? message.parts.length;
      if (end <= start) continue;
      const parts = message.parts.slice(start, end);
      units.push({ messageIndex, start, end, role: 'assistant', key: `${message.id}#${step}`, tokens: estimateTokens(parts) });
    }
  });
  return units;
}

const MAX_CALL_CHARS = 1_500;

function describePart(part: LoosePart): string | null {
  if (part.type === 'text' && typeof part.text === 'string') return part.text.trim() || null;
  if (isToolPart(part)) {
    const name = part.type === 'dynamic-tool' ? String(part.toolName) : part.type.slice('tool-'.length);
    const input = trimText(JSON.stringify(part.input ?? {}), MAX_CALL_CHARS);
    const result =
      part.state === 'output-error'
        ? `error: ${String(part.errorText)}`
        : part.state === 'output-available'
          ? `result: ${JSON.stringify(part.output ?? null)}`
          : 'no result';
    return `[tool ${name}] ${input}\n  ${trimText(result, MAX_CALL_CHARS)}`;
  }
  return null;
}

/** The units as "User: …" / "Agent: …" lines, at most `maxChars` (the middle is cut first). */
export function transcript(messages: readonly LooseMessage[], units: readonly Unit[], maxChars: number): string {
  const blocks = units.flatMap((unit) => {
    const message = messages[unit.messageIndex];
    if (!message) return [];
    const lines = message.parts.slice(unit.start, unit.end).flatMap((part) => describePart(part) ?? []);
    return lines.length > 0 ? [`${unit.role === 'user' ? 'User' : 'Agent'}: ${lines.join('\n')}`] : [];
  });
  return trimText(blocks.join('\n\n'), maxChars);
}
