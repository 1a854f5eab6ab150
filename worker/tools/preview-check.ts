/**
 * preview_check and preview_logs: the agent checks its own app. The executor is given hooks that run a
 * computer-use session on the preview and read what the preview page logged (the IDE owns the preview iframe,
 * its bridge and the session manager, so the worker side never touches them); without them — no preview, no
 * computer use configured — the tools answer Unavailable.
 */
import type { PreviewLogs, PreviewLogsHook, PreviewCheckHook } from '@/lib/agent/preview-hooks';
import { ToolFailure } from '@/lib/agent/tool-failure';
import type { ToolHandler } from './context';

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
