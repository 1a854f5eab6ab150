/**
 * POST /api/ai/summarise: folds older turns of a conversation into a short summary, with the run's mode's
 * model. `{ mode, previousSummary?, transcript }` in (zod, 400 with the reason), `{ summary }` out.
 */
import { generateText } from 'ai';
import { resolveOrError, type AgentDeps } from '../chat';
import { describeZodError, jsonError, readJsonBody } from '../../http';
import { describeModelError } from '../model-errors';
import {
  MAX_SUMMARY_CHARS,
  MAX_TRANSCRIPT_CHARS,
  SUMMARISE_INSTRUCTIONS,
  summariseRequestSchema,
  summarisePrompt,
  type SummariseResponse,
} from '../../context/summary';

const MAX_SUMMARISE_BODY_BYTES = MAX_TRANSCRIPT_CHARS * 4 + MAX_SUMMARY_CHARS * 4 + 4_096;

export async function handleSummarise(req: Request, deps: AgentDeps = {}): Promise<Response> {
  const body = await readJsonBody(req, MAX_SUMMARISE_BODY_BYTES);
  if (!body.ok) return body.response;
  const parsed = summariseRequestSchema.safeParse(body.value);
  if (!parsed.success) return jsonError(400, describeZodError(parsed.error));

  const resolution = resolveOrError(parsed.data.mode, deps, req.headers);
  if (!resolution.ok) return resolution.response;
  const { model, config, providerOptions } = resolution.resolved;
  try {
    const { text } = await generateText({
      model,
      instructions: SUMMARISE_INSTRUCTIONS,
      prompt: summarisePrompt(parsed.data),
      temperature: config.temperature,
      providerOptions,
      abortSignal: req.signal,
      maxRetries: 0,
    });
    const summary = text.trim().slice(0, MAX_SUMMARY_CHARS);
    if (summary === '') return jsonError(502, 'The model returned an empty summary.');
    return Response.json({ summary } satisfies SummariseResponse);
  } catch (error) {
    return jsonError(502, resolution.redact(describeModelError(error)));
  }
}
