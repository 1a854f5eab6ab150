/**
 * The server's model options (GET /api/ai/settings), fetched once per page and kept for synchronous reads:
 * which provider each mode runs by default decides which of the user's keys a request carries.
 */
import { MODEL_OPTIONS_API, modelOptionsSchema, type ModelOptions } from '@/lib/agent/model-options';
import { readJsonResponse } from '@/lib/agent/http';

let cached: ModelOptions | null = null;
let pending: Promise<ModelOptions> | null = null;

export function getModelOptions(): ModelOptions | null {
  return cached;
}

/** Rejects with the server's sentence when it cannot answer; a later call tries again. */
export function loadModelOptions(fetchImpl: typeof fetch = fetch): Promise<ModelOptions> {
  pending ??= (async () => {
    cached = await readJsonResponse(await fetchImpl(MODEL_OPTIONS_API), modelOptionsSchema, 'model list');
    return cached;
  })().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
