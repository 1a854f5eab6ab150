/**
 * How a model step ended, and what the chat tells the user about it. The server records each step's finish
 * reason in the assistant message's metadata; a step that ended for any reason other than a normal stop (a
 * safety block, the output limit, a malformed call, nothing at all) gets a sentence and a next step, so a turn
 * never ends in an empty bubble. Shared by the route and the chat panel.
 */
import { z } from 'zod';

/** The AI SDK's unified finish reasons. */
export const FINISH_REASONS = ['stop', 'length', 'content-filter', 'tool-calls', 'error', 'interrupted', 'other'] as const;

/**
 * Every field is always present (null when unknown): the chat merges a step's metadata into its message's, where
 * an absent field would keep the previous step's value.
 */
export const stepEndingSchema = z.object({
  reason: z.enum(FINISH_REASONS),
  /** The provider's own reason (Gemini: SAFETY, MAX_TOKENS, MALFORMED_FUNCTION_CALL…). */
  raw: z.string().max(100).nullable(),
  /** The step produced no text and no tool call. */
  empty: z.boolean(),
  /** The output cap the step ran under, when one was set. */
  maxOutputTokens: z.number().int().positive().nullable(),
});
export type StepEnding = z.infer<typeof stepEndingSchema>;

/** What the chat asks the model for when it resubmits after an ending: carry on, or try the step again. */
export const nudgeSchema = z.enum(['continue', 'retry']);
export type Nudge = z.infer<typeof nudgeSchema>;

export interface EndingProblem {
  kind: 'blocked' | 'cut-off' | 'malformed' | 'empty' | 'other';
  /** One sentence for the user: what happened, in words. */
  text: string;
  /** Continue for an answer cut at the output limit, Retry for the rest. */
  next: Nudge;
  /** Tried again once by itself (with a nudge) before the card shows: the model usually manages the second time. */
  automatic: boolean;
}

const rawNote = (ending: StepEnding) => (ending.raw ? ` (finish reason ${ending.raw})` : '');

/** The problem with a step's ending, or null when it ended normally (an answer, or tool calls to run). */
export function endingProblem(ending: StepEnding | undefined): EndingProblem | null {
  if (!ending) return null;
  if (ending.reason === 'content-filter')
    return {
      kind: 'blocked',
      text: `The model's safety filter blocked this answer${rawNote(ending)}. Rephrase the request, or retry.`,
      next: 'retry',
      automatic: false,
    };
  if (ending.reason === 'length') {
    const cap = ending.maxOutputTokens ? ` of ${ending.maxOutputTokens.toLocaleString('en-US')} tokens` : '';
    return {
      kind: 'cut-off',
      text: `The answer was cut off at the model's output limit${cap}. Continue asks the model to pick up where it stopped.`,
      next: 'continue',
      automatic: false,
    };
  }
  if (ending.raw === 'MALFORMED_FUNCTION_CALL' || (ending.reason === 'error' && ending.empty))
    return { kind: 'malformed', text: `The model produced a tool call it could not complete${rawNote(ending)}.`, next: 'retry', automatic: true };
  if (ending.empty && (ending.reason === 'stop' || ending.reason === 'tool-calls'))
    return { kind: 'empty', text: `The model returned nothing: no answer and no tool call${rawNote(ending)}.`, next: 'retry', automatic: true };
  if (ending.reason === 'other' || ending.reason === 'interrupted')
    return { kind: 'other', text: `The model stopped without finishing its answer${rawNote(ending)}.`, next: 'retry', automatic: false };
  return null;
}

/** What the model reads after a step that left nothing, so its turn and the user's nudge alternate. */
export const EMPTY_STEP_TEXT = '(This step ended without an answer.)';

/** The message appended for the model (not shown in the chat) when the chat resubmits with a nudge. */
export const NUDGE_TEXT: Record<Nudge, string> = {
  continue:
    'Your last answer was cut off at the output limit. Continue exactly where it stopped, without repeating what you already wrote; write a large file in parts (fs_writeFile, then fs_writeFile with append: true).',
  retry: 'Your last step did not produce a usable answer. Try that step again: reply in text, or call one tool with valid arguments.',
};
