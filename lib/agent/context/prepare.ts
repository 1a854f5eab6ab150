/**
 * The messages one request to POST /api/ai carries, within the budget whatever the conversation's length:
 * shrink the history (applied inputs become references, long outputs are trimmed, older images become
 * notes), reuse the conversation's cached summary, and when the rest is still over the budget, summarise the
 * older turns once more (one model call) and cache that. The stored conversation is never changed.
 */
import { DEFAULT_CONTEXT_BUDGET, estimateTokens, jsonBytes, type ContextBudget } from './budget';
import { assemble, planCut, unitsToSummarise, type Compaction } from './compact';
import { DEFAULT_SHRINK_LIMITS, shrinkMessages, TIGHT_SHRINK_LIMITS, type LooseMessage } from './shrink';
import { MAX_SUMMARY_CHARS, MAX_TRANSCRIPT_CHARS } from './summary';
import type { SummaryCache } from './summary-cache';
import { splitUnits, transcript } from './units';

export type Summarise = (input: { previousSummary?: string; transcript: string }) => Promise<string>;

interface PrepareOptions {
  chatId: string;
  cache: SummaryCache;
  summarise: Summarise;
  budget?: ContextBudget;
  /** Bytes the rest of the body takes (workspace state, mode), counted against the byte budget. */
  otherBytes?: number;
  now?: () => number;
}

interface Prepared<M> {
  messages: M[];
  tokens: number;
  bytes: number;
  /** The summary in force for this request, if any. */
  compaction: Compaction | null;
  /** True when this request made a new summary. */
  summarised: boolean;
}

export async function prepareMessages<M extends LooseMessage>(messages: readonly M[], options: PrepareOptions): Promise<Prepared<M>> {
  const budget = options.budget ?? DEFAULT_CONTEXT_BUDGET;
  const otherBytes = options.otherBytes ?? 0;
  const fits = (list: readonly M[], share: number) => estimateTokens(list) <= budget.maxTokens * share && jsonBytes(list) + otherBytes <= budget.maxBytes;

  const shrunk = shrinkMessages(messages, DEFAULT_SHRINK_LIMITS);
  const units = splitUnits(shrunk);
  let compaction = options.cache.get(options.chatId);
  let through = compaction ? units.findIndex((unit) => unit.key === compaction?.throughKey) : -1;
  // A summary of messages that are gone (rewound or cleared) no longer applies.
  if (through < 0) compaction = null;
  let sent = compaction ? assemble(shrunk, units, compaction, through) : shrunk;
  let summarised = false;

  if (!fits(sent, budget.compactAt)) {
    const from = compaction ? through + 1 : 1;
    const cut = planCut(units, from, budget.maxTokens * budget.keepRecent);
    if (cut !== null) {
      const folded = unitsToSummarise(units, from, cut);
      const text = transcript(shrunk, folded, MAX_TRANSCRIPT_CHARS);
      const previous = compaction?.summary;
      const summary = await options
        .summarise({ ...(previous ? { previousSummary: previous } : {}), transcript: text })
        .catch(
          (error: unknown) =>
            `${previous ? `${previous}\n` : ''}- ${folded.length} earlier messages and steps are omitted; they could not be summarised (${error instanceof Error ? error.message : String(error)}).`,
        );
      const last = units[cut - 1];
      const owner = last ? shrunk[last.messageIndex] : undefined;
      if (last && owner) {
        compaction = {
          throughKey: last.key,
          messageId: owner.id,
          summary: summary.slice(0, MAX_SUMMARY_CHARS),
          responses: (compaction?.responses ?? 0) + folded.filter((unit) => unit.role === 'assistant').length,
          units: (compaction?.units ?? 0) + folded.length,
          createdAt: (options.now ?? Date.now)(),
        };
        options.cache.set(options.chatId, compaction);
        through = cut - 1;
        sent = assemble(shrunk, units, compaction, through);
        summarised = true;
      }
    }
  }

  // Still over: one step's own output is huge. Trim harder rather than fail; the latest images stay.
  if (!fits(sent, 1)) {
    const keepImagesOf = [...messages].reverse().find((message) => message.role === 'user')?.id;
    sent = shrinkMessages(sent, TIGHT_SHRINK_LIMITS, keepImagesOf);
  }
  return { messages: sent, tokens: estimateTokens(sent), bytes: jsonBytes(sent) + otherBytes, compaction, summarised };
}
