/**
 * The IDE's computer-use session manager over the preview iframe, and the hook the agent's preview_check tool
 * runs through (worker/executor.ts `previewCheck`). One manager per tab: create it once where both the panel
 * and the executor can get it, so a check the agent runs shows in the panel (and its confirmations are asked
 * there).
 */
import { createPreviewComputer } from '@/lib/computer-use/preview-computer';
import { createSessionManager, type SessionManager } from '@/lib/computer-use/session';
import type { PreviewCheckHook } from '@/lib/agent/preview-hooks';
import { errorMessage } from '../error-message';

/** Model turns per run: a session that has not finished by then stops and says so. */
const COMPUTER_USE_MAX_TURNS = 20;
/** A check is given up a little before the tool's own limit (lib/agent/tool-timeouts.ts), and ended. */
const PREVIEW_CHECK_WAIT_MS = 280_000;

export function createComputerUseManager(getPreviewFrame: () => HTMLIFrameElement | null): SessionManager {
  return createSessionManager({ computer: createPreviewComputer(getPreviewFrame), maxTurns: COMPUTER_USE_MAX_TURNS });
}

/** preview_check: one session with the agent's instructions, its answer and step count (ok false on error). */
export function createPreviewCheckHook(manager: SessionManager, waitMs = PREVIEW_CHECK_WAIT_MS): PreviewCheckHook {
  return async (instructions) => {
    const started = manager.start(instructions);
    let info;
    try {
      info = await manager.waitFor(started.id, ['completed', 'error'], waitMs);
    } catch (error) {
      info = manager.end(started.id);
      return { ok: false, answer: `The check did not finish in time: ${errorMessage(error)}`, steps: info.steps };
    }
    if (info.status === 'error') return { ok: false, answer: `The check failed: ${info.error ?? 'unknown error'}`, steps: info.steps };
    const answer = info.answer || (info.note ? `The check stopped (${info.note}) without a final answer.` : 'The check finished without a final answer.');
    return { ok: Boolean(info.answer), answer, steps: info.steps };
  };
}
