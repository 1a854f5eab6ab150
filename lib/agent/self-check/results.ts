/**
 * What the checks after a turn found, kept in the turn's last message (metadata `checks`) so the card survives a
 * reload, and the request the chat sends the agent when one failed.
 */
import { z } from 'zod';
import { checkKindSchema, CHECK_LABELS } from './project-checks';

/** The end of a failed check's output is what explains it; the card and the fix request keep this much. */
export const CHECK_OUTPUT_CHARS = 2_000;

const checkResultSchema = z.object({
  kind: checkKindSchema,
  command: z.string().max(300),
  ok: z.boolean(),
  /** "exit code 1 · 3 failed, 12 passed", "timed out after 120 s", or why it could not run. */
  summary: z.string().max(300),
  output: z.string().max(CHECK_OUTPUT_CHARS),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const turnChecksSchema = z.object({
  results: z.array(checkResultSchema).max(8),
  /** Set when a check failed and the fix attempts were used up: the agent is not asked again. */
  exhausted: z.boolean().optional(),
});
export type TurnChecks = z.infer<typeof turnChecksSchema>;

export function failedChecks(checks: TurnChecks): CheckResult[] {
  return checks.results.filter((result) => !result.ok);
}

/** The message the agent gets when a check failed: each failure with its command and the end of its output. */
export function fixRequest(failed: readonly CheckResult[]): string {
  const parts = failed.map((result) => {
    const output = result.output.trim();
    return `- ${CHECK_LABELS[result.kind]} (\`${result.command}\`): ${result.summary}${output ? `\n\`\`\`\n${output}\n\`\`\`` : ''}`;
  });
  return `The project's checks failed after your changes:\n\n${parts.join('\n\n')}\n\nFix what failed; the checks run again when you finish.`;
}
