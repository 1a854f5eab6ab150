/**
 * preview_check and preview_logs: the agent checks its own app. The executor is given hooks that run a
 * computer-use session on the preview and read what the preview page logged (the IDE owns the preview iframe,
 * its bridge and the session manager, so the worker side never touches them); without them — no preview, no
 * computer use configured — the tools answer Unavailable.
 */
import type { PreviewLogEntry } from '@/lib/agent/tool-schemas';
import { ToolFailure } from '../errors';
import type { ToolHandler } from './context';

interface PreviewCheckResult {
  answer: string;
  steps: number;
  /** False when the session stopped with an error or ran out of turns; the answer then says why. Default true. */
  ok?: boolean;
  /** Screenshots the session took, when the session counts them (else one to start plus one per action). */
  screenshots?: number;
}

/** Runs one computer-use session on the preview with these instructions and resolves with its final answer. */
export type PreviewCheckHook = (instructions: string, signal?: AbortSignal) => Promise<PreviewCheckResult>;

export interface PreviewLogs {
  entries: PreviewLogEntry[];
  dropped: number;
  url?: string;
}

/** What the preview page logged since it last loaded (through the preview bridge). */
export type PreviewLogsHook = (signal: AbortSignal) => Promise<PreviewLogs>;

const ERROR_LEVELS = new Set(['warn', 'error']);

export function onlyErrors(logs: PreviewLogs): PreviewLogs {
  return { ...logs, entries: logs.entries.filter((entry) => entry.kind !== 'console' || ERROR_LEVELS.has(entry.level)) };
}

export function previewLogsHandler(hook: PreviewLogsHook | undefined): ToolHandler<'preview_logs'> {
  return async ({ errorsOnly }, { signal }) => {
    if (!hook) throw new ToolFailure('Unavailable', 'preview_logs is not available here: no preview page is open. Start the dev server first.');
    const logs = await hook(signal);
    return { ok: true, ...(errorsOnly ? onlyErrors(logs) : logs) };
  };
}

export function previewCheckHandler(hook: PreviewCheckHook | undefined, logsHook?: PreviewLogsHook): ToolHandler<'preview_check'> {
  return async ({ instructions }, { signal }) => {
    if (!hook) throw new ToolFailure('Unavailable', 'preview_check is not available here: no computer-use session can be run on the preview.');
    const started = performance.now();
    const result = await hook(instructions, signal);
    // The console is read after the session: what the clicks and typing made the app log is part of the check.
    const logs = logsHook ? await logsHook(signal).then(onlyErrors, () => undefined) : undefined;
    return {
      ok: result.ok ?? true,
      answer: result.answer,
      steps: Math.max(0, Math.round(result.steps)),
      durationMs: Math.round(performance.now() - started),
      // A session takes one screenshot to start and one after every action, unless the hook counted them.
      screenshots: result.screenshots ?? Math.max(0, Math.round(result.steps)) + 1,
      ...(logs ? { logs } : {}),
    };
  };
}

/** The table's defaults: no hooks. The executor replaces them with the handlers built from its options. */
export const previewCheckUnavailable: ToolHandler<'preview_check'> = previewCheckHandler(undefined);
export const previewLogsUnavailable: ToolHandler<'preview_logs'> = previewLogsHandler(undefined);
