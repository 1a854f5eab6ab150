/** The chat's side of POST /api/ai/summarise: one call, its answer checked against the shared schema. */
import { readJsonResponse } from '../http';
import type { AgentMode } from '../messages';
import type { Summarise } from './prepare';
import { summariseResponseSchema } from './summary';

export const SUMMARISE_API = '/api/ai/summarise';

/** `headers`: the user's model choice and key for the mode, as the chat request carries them. */
export function summariseVia(api: string, mode: AgentMode, fetchImpl: typeof fetch = fetch, headers: Record<string, string> = {}): Summarise {
  return async ({ previousSummary, transcript }) => {
    const response = await fetchImpl(api, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ mode, transcript, ...(previousSummary ? { previousSummary } : {}) }),
    });
    return (await readJsonResponse(response, summariseResponseSchema, 'summary')).summary;
  };
}
