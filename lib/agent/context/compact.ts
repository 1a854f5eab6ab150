/**
 * Where to cut a long conversation and what is sent once it is cut: the first user message (the task), the
 * summary of everything up to the cut, the latest user message (the current request) and the steps after
 * the cut verbatim. The cut is placed so the verbatim tail fits a token budget.
 */
import { summaryMessageText } from './summary';
import type { LooseMessage } from './shrink';
import type { Unit } from './units';

export interface Compaction {
  /** The last unit the summary covers (`<message id>#<step>`). */
  throughKey: string;
  /** The message that unit belongs to: the chat shows the "context compacted" marker there. */
  messageId: string;
  summary: string;
  /** Model responses (steps) the summary stands for. */
  responses: number;
  /** Units (user messages and steps) the summary stands for. */
  units: number;
  createdAt: number;
}

export const SUMMARY_MESSAGE_ID = 'context-summary';

const pinned = (units: readonly Unit[]) => {
  let latestUser = -1;
  units.forEach((unit, i) => {
    if (unit.role === 'user') latestUser = i;
  });
  return new Set([0, latestUser]);
};

/**
 * The index of the first unit kept verbatim so that the kept units total at most `keepTokens` (the last unit
 * is always kept), or null when there is nothing after `from` left to summarise.
 */
export function planCut(units: readonly Unit[], from: number, keepTokens: number): number | null {
  let total = 0;
  let cut = units.length;
  for (let i = units.length - 1; i >= 1; i--) {
    const tokens = units[i]?.tokens ?? 0;
    if (cut < units.length && total + tokens > keepTokens) break;
    total += tokens;
    cut = i;
  }
  return cut > Math.max(from, 1) ? cut : null;
}

/** The units in [from, cut) that a new summary folds in: never the pinned first and latest user messages. */
export function unitsToSummarise(units: readonly Unit[], from: number, cut: number): Unit[] {
  const keep = pinned(units);
  return units.slice(Math.max(from, 1), cut).filter((_, i) => !keep.has(i + Math.max(from, 1)));
}

/** The messages sent when `compaction` covers units [1, through]. */
export function assemble<M extends LooseMessage>(messages: readonly M[], units: readonly Unit[], compaction: Compaction, through: number): M[] {
  const keep = pinned(units);
  const out: M[] = [];
  const first = units[0];
  if (first?.role === 'user' && messages[first.messageIndex]) out.push(messages[first.messageIndex] as M);
  const summary: LooseMessage = {
    id: SUMMARY_MESSAGE_ID,
    role: 'user',
    parts: [{ type: 'text', text: summaryMessageText(compaction.summary, compaction.responses) }],
  };
  // A plain text user message is a valid message of any UI message type.
  out.push(summary as M);
  units.forEach((unit, i) => {
    if (i === 0 || (i <= through && !keep.has(i))) return;
    const message = messages[unit.messageIndex];
    if (!message) return;
    const previous = out[out.length - 1];
    // Steps of one assistant message stay one message (same id), as the client stored them.
    if (previous && previous.id === message.id && previous !== message) {
      out[out.length - 1] = { ...previous, parts: [...previous.parts, ...message.parts.slice(unit.start, unit.end)] };
    } else {
      out.push(unit.start === 0 && unit.end === message.parts.length ? message : { ...message, parts: message.parts.slice(unit.start, unit.end) });
    }
  });
  return out;
}
