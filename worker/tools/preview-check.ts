/**
 * preview_check: the agent checks its own app. The executor is given a hook that runs a computer-use session
 * on the preview (the IDE owns the preview iframe and the session manager, so the worker side never touches
 * either); without one — no preview, no computer-use configured — the tool answers Unavailable.
 */
import { ToolFailure } from '../errors';
import type { ToolHandler } from './context';

export interface PreviewCheckResult {
  answer: string;
  steps: number;
  /** False when the session stopped with an error or ran out of turns; the answer then says why. Default true. */
  ok?: boolean;
}

/** Runs one computer-use session on the preview with these instructions and resolves with its final answer. */
export type PreviewCheckHook = (instructions: string) => Promise<PreviewCheckResult>;

export function previewCheckHandler(hook: PreviewCheckHook | undefined): ToolHandler<'preview_check'> {
  return async ({ instructions }) => {
    if (!hook) throw new ToolFailure('Unavailable', 'preview_check is not available here: no computer-use session can be run on the preview.');
    const result = await hook(instructions);
    return { ok: result.ok ?? true, answer: result.answer, steps: Math.max(0, Math.round(result.steps)) };
  };
}

/** The table's default: no hook. The executor replaces it with previewCheckHandler(options.previewCheck). */
export const previewCheckUnavailable: ToolHandler<'preview_check'> = previewCheckHandler(undefined);
