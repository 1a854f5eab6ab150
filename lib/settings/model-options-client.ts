/**
 * The server's model options (GET /api/ai/settings), fetched once per page and kept for synchronous reads:
 * which provider each mode runs by default decides which of the user's keys a request carries.
 */
import { MODEL_OPTIONS_API, modelOptionsSchema, type ModelOptions } from '@/lib/agent/model-options';
import { readAgentErrorMessage } from '@/lib/agent/http';

let cached: ModelOptions | null = null;
let pending: Promise<ModelOptions> | null = null;

export function getModelOptions(): ModelOptions | null {
  return cached;
}

/** Rejects with the server's sentence when it cannot answer; a later call tries again. */
export function loadModelOptions(fetchImpl: typeof fetch = fetch): Promise<ModelOptions> {
  pending ??= (async () => {
    const response = await fetchImpl(MODEL_OPTIONS_API);
    const text = await response.text();
    if (!response.ok) throw new Error(readAgentErrorMessage(text) || `the model list answered ${response.status}`);
    const parsed = modelOptionsSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error('the model list the server returned is malformed');
    cached = parsed.data;
    return parsed.data;
  })().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
