/**
 * Runs the project's own checks (lib/agent/self-check) in the tab after a turn that changed files, one after
 * the other through the same executor as the agent's tools, and words each outcome for the card. Not a model
 * call: the agent hears of it only when something failed.
 */
import { generateId } from 'ai';
import { CHECK_OUTPUT_CHARS, type CheckResult } from '@/lib/agent/self-check/results';
import { changesFiles, type ProjectCheck } from '@/lib/agent/self-check/project-checks';
import type { PreviewLogEntry } from '@/lib/agent/tool-schemas';
import type { IdeUIMessage } from '@/lib/agent/messages';
import { isIdeToolPart, outputFailed, toolNameOf } from './tool-parts';
import type { ToolRunner } from './tool-runner';

interface CommandOutput {
  ok?: boolean;
  exitCode?: number | null;
  output?: string;
  timedOut?: boolean;
  counts?: { passed: number; failed: number; skipped: number } | null;
  error?: { name: string; message: string };
}

const tail = (text: string) => (text.length > CHECK_OUTPUT_CHARS ? text.slice(-CHECK_OUTPUT_CHARS) : text);

function summarise(output: CommandOutput): string {
  if (output.error) return `could not run: ${output.error.message}`;
  const counts = output.counts ? ` · ${output.counts.failed} failed, ${output.counts.passed} passed` : '';
  if (output.timedOut) return `timed out${counts}`;
  return `exit code ${String(output.exitCode)}${counts}`;
}

interface PreviewOutput {
  entries?: PreviewLogEntry[];
  error?: { name: string; message: string };
}

/** Errors only: warnings in the console are not a failed check. */
const isError = (entry: PreviewLogEntry) => entry.kind !== 'console' || entry.level === 'error';

/** The preview's errors as a check; null when there is no page to read (nothing to say about it). */
function previewResult(check: ProjectCheck, output: PreviewOutput): CheckResult | null {
  if (output.error || !output.entries) return null;
  const errors = output.entries.filter(isError);
  const lines = errors.map((entry) => `${entry.kind}: ${entry.message}${entry.url ? ` (${entry.url}${entry.status ? ` ${entry.status}` : ''})` : ''}`);
  const summary = errors.length === 0 ? 'no errors' : `${errors.length} error${errors.length === 1 ? '' : 's'}`;
  return { kind: check.kind, command: check.command, ok: errors.length === 0, summary, output: tail(lines.join('\n')) };
}

/** Runs the checks in order; after Stop, none starts and the one Stop cut short is not reported. */
export async function runChecks(
  checks: readonly ProjectCheck[],
  runner: ToolRunner,
  onStart: (check: ProjectCheck) => void,
  stopped: () => boolean = () => false,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    if (stopped()) break;
    onStart(check);
    const outcome = await runner.execute(`check-${generateId()}`, check.tool, check.input).catch((error: unknown) => ({
      content: undefined,
      error: { name: 'Error', message: error instanceof Error ? error.message : String(error) },
    }));
    if (stopped()) break;
    const content = outcome.content ?? { error: outcome.error ?? { name: 'ExecutorError', message: 'no result' } };
    if (check.tool === 'preview_logs') {
      const result = previewResult(check, content as PreviewOutput);
      if (result) results.push(result);
      continue;
    }
    const output = content as CommandOutput;
    results.push({
      kind: check.kind,
      command: check.command,
      ok: output.ok === true && !output.error,
      summary: summarise(output).slice(0, 300),
      output: tail(output.output ?? ''),
    });
  }
  return results;
}

/** Whether the turn ending with this message changed files (a file tool or an install that succeeded). */
export function turnChangedFiles(message: IdeUIMessage): boolean {
  return message.parts.some((part) => {
    if (!isIdeToolPart(part) || part.state !== 'output-available') return false;
    const name = toolNameOf(part);
    return name !== null && changesFiles(name) && !outputFailed(part.output);
  });
}
