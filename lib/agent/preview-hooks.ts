/**
 * What the tool executor asks of the IDE's preview: the IDE owns the preview iframe, its bridge and the
 * computer-use session manager, and hands the executor these hooks (worker/tools/preview-check.ts runs them).
 * A hook rejects with a ToolFailure (lib/agent/tool-failure.ts) when the preview cannot answer.
 */
import type { PreviewLogEntry } from './tool-schemas';

export interface PreviewCheckResult {
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
