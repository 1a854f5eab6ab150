/**
 * The summary that replaces older turns: the summarise request and answer (one zod schema each), the
 * instructions the model gets, and the message that carries the summary in later requests. That message
 * says how many model responses it stands for, so a reader of the prompt (the replay model) can still count
 * the conversation's responses.
 */
import { z } from 'zod';
import { agentModeSchema } from '../messages';

export const MAX_TRANSCRIPT_CHARS = 120_000;
export const MAX_SUMMARY_CHARS = 8_000;

export const summariseRequestSchema = z.object({
  mode: agentModeSchema.default('balanced'),
  previousSummary: z.string().max(MAX_SUMMARY_CHARS).optional(),
  transcript: z
    .string()
    .min(1)
    .max(MAX_TRANSCRIPT_CHARS + 1_000),
});
type SummariseRequest = z.infer<typeof summariseRequestSchema>;

export const summariseResponseSchema = z.object({ summary: z.string().min(1).max(MAX_SUMMARY_CHARS) });
export type SummariseResponse = z.infer<typeof summariseResponseSchema>;

/** The first line identifies a summarise request among model calls (the replay model answers it itself). */
export const SUMMARISE_HEADER = 'Summarise the earlier part of a coding session for the agent that continues it.';

export const SUMMARISE_INSTRUCTIONS = `${SUMMARISE_HEADER}
Write at most 400 words, as short bullet points:
- what the user asked for and any constraints or preferences they stated;
- what the agent did: files created, changed or deleted (paths), commands run and their outcome, packages installed;
- what failed and why, and what was decided;
- what is still open.
Never copy file contents; name the paths (the agent can read the files again). Keep earlier summary points that still matter.`;

export function summarisePrompt(request: Pick<SummariseRequest, 'previousSummary' | 'transcript'>): string {
  const previous = request.previousSummary ? `Summary so far:\n${request.previousSummary}\n\n` : '';
  return `${previous}Conversation to fold in:\n${request.transcript}`;
}

const SUMMARY_LEAD = /^Summary of the earlier conversation \((\d+) model responses? compacted/;

export function summaryMessageText(summary: string, responses: number): string {
  return `Summary of the earlier conversation (${responses} model response${responses === 1 ? '' : 's'} compacted; the full messages are no longer sent — read files again for their contents):\n${summary}`;
}

/** How many model responses a summary message stands for (0 for any other text). */
export function compactedResponses(text: string): number {
  const match = SUMMARY_LEAD.exec(text);
  return match ? Number(match[1]) : 0;
}

/** A deterministic summary for the replay model: the paths and tool names the transcript mentions. */
export function replaySummary(prompt: string): string {
  const tools = new Map<string, number>();
  for (const match of prompt.matchAll(/\[tool (\w+)\]/g)) tools.set(match[1] ?? '', (tools.get(match[1] ?? '') ?? 0) + 1);
  const paths = [...new Set([...prompt.matchAll(/"path":"([^"]{1,200})"/g)].map((match) => match[1]))].slice(0, 40);
  const calls = [...tools].map(([name, count]) => `${name} ×${count}`).join(', ') || 'none';
  return `- Tool calls so far: ${calls}.\n- Files touched: ${paths.join(', ') || 'none'}.`;
}
