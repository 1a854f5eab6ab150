/**
 * POST /api/ai/test: "Test connection" in Settings. Sends one tiny prompt to the chosen provider and model with
 * the user's key (or the server's) and says whether it answered, so a wrong key or model shows up in Settings
 * rather than as the first chat message failing. `{ provider, model }` in, ConnectionTestResult out (always
 * 200 once the body is valid: a refused key is a result to show, not a server failure).
 */
import { generateText } from 'ai';
import { resolveOrError, type AgentDeps } from './chat';
import { describeZodError, jsonError, readJsonBody } from '../http';
import { connectionTestRequestSchema, MODEL_HEADER, PROVIDER_HEADER, type ConnectionTestResult } from '../model-options';
import { describeModelError } from './model-errors';

const CONNECTION_TEST_PROMPT = 'Tabsmith connection test: reply with the single word OK.';
const MAX_TEST_BODY_BYTES = 1_024;
const MAX_REPLY_CHARS = 200;

export async function handleConnectionTest(req: Request, deps: AgentDeps = {}): Promise<Response> {
  const body = await readJsonBody(req, MAX_TEST_BODY_BYTES);
  if (!body.ok) return body.response;
  const parsed = connectionTestRequestSchema.safeParse(body.value);
  if (!parsed.success) return jsonError(400, describeZodError(parsed.error));

  // The choice to test is the body's, whatever the request's headers say; the key still comes from the header.
  const headers = new Headers(req.headers);
  headers.set(PROVIDER_HEADER, parsed.data.provider);
  headers.set(MODEL_HEADER, parsed.data.model);
  const resolution = resolveOrError('fast', deps, headers);
  if (!resolution.ok) {
    const text = await resolution.response
      .clone()
      .json()
      .catch(() => ({ error: 'The model could not be set up.' }));
    return Response.json({ ok: false, error: String((text as { error?: unknown }).error) } satisfies ConnectionTestResult);
  }
  const { model, config, providerOptions, provider, keySource } = resolution.resolved;
  const started = performance.now();
  try {
    const { text } = await generateText({
      model,
      prompt: CONNECTION_TEST_PROMPT,
      temperature: config.temperature,
      providerOptions,
      abortSignal: AbortSignal.any([req.signal, AbortSignal.timeout(30_000)]),
      maxRetries: 0,
    });
    const ms = Math.round(performance.now() - started);
    return Response.json({
      ok: true,
      provider,
      model: config.model,
      keySource,
      reply: text.trim().slice(0, MAX_REPLY_CHARS),
      ms,
    } satisfies ConnectionTestResult);
  } catch (error) {
    return Response.json({ ok: false, error: resolution.redact(describeModelError(error)) } satisfies ConnectionTestResult);
  }
}
