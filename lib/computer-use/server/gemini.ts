/**
 * One live computer-use turn through @google/genai: the computerUse tool (browser environment; the original
 * action set's open_web_browser / search excluded), thoughts included, transient errors and rate limits retried
 * (the agent's retry: jittered backoff, or the delay the API advises while it fits the route's time), an empty
 * turn (MALFORMED_FUNCTION_CALL, or no call and no text) retried once. Errors come back as `TurnError`s with the
 * HTTP status, the sentence the panel shows and, for a rate limit, when to try again.
 */
import { APICallError } from '@ai-sdk/provider';
import { ApiError, Environment, FinishReason, GoogleGenAI, type Content, type GenerateContentParameters, type GenerateContentResponse } from '@google/genai';
import {
  classifyModelError,
  DEFAULT_RETRY,
  describeModelError,
  retryAfterSeconds,
  withJitteredRetry,
  type RetryOptions,
} from '@/lib/agent/server/model-errors';
import { actionSourceForModel, summarizeContent, type TurnResponse } from '../session-protocol';

/** What a turn sends to the model; injectable so tests never reach the network. */
export type GenerateContent = (params: GenerateContentParameters) => Promise<GenerateContentResponse>;

/**
 * The original action set has open_web_browser (which loops: the browser is already open) and search (which
 * would leave the preview); the newer set (Gemini 3.5+) has neither, and naming functions a model does not
 * have is not asked of it.
 */
function excludedPredefinedFunctions(model: string): string[] {
  return actionSourceForModel(model) === 'gemini' ? ['open_web_browser', 'search'] : [];
}

export class TurnError extends Error {
  override name = 'TurnError';
  constructor(
    readonly status: number,
    message: string,
    /** For a rate limit: when the API says to try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function liveGenerate(apiKey: string): GenerateContent {
  // @google/genai rather than @ai-sdk/google, which the agent's chat uses: the AI SDK's Gemini model offers no
  // computerUse tool, and the session keeps the API's own Content[] turns (screenshots inside function responses).
  const ai = new GoogleGenAI({ apiKey });
  return (params) => ai.models.generateContent(params);
}

function exclusions(model: string): { excludedPredefinedFunctions?: string[] } {
  const excluded = excludedPredefinedFunctions(model);
  return excluded.length > 0 ? { excludedPredefinedFunctions: excluded } : {};
}

function buildParameters(model: string, contents: Content[], abortSignal?: AbortSignal): GenerateContentParameters {
  return {
    model,
    contents,
    config: {
      tools: [{ computerUse: { environment: Environment.ENVIRONMENT_BROWSER, ...exclusions(model) } }],
      thinkingConfig: { includeThoughts: true },
      ...(abortSignal ? { abortSignal } : {}),
    },
  };
}

/**
 * @google/genai throws `ApiError { status, message }` whose message is the API's JSON error body; the agent's
 * classifier and messages speak the AI SDK's APICallError, so the SDK error is re-expressed as one with the
 * status and that body (quota ids, retryDelay) kept, and everything else is reused. The request (and so the
 * key) is not copied.
 */
function normalizeError(error: unknown): unknown {
  if (error instanceof ApiError)
    return new APICallError({
      message: error.message,
      url: 'generativelanguage.googleapis.com',
      requestBodyValues: {},
      statusCode: error.status,
      responseBody: error.message,
    });
  return error;
}

const STATUS_FOR_KIND = { quota: 429, 'rate-limit': 429, auth: 502, transient: 503, 'model-not-found': 502, 'unsupported-setting': 502, other: 502 } as const;

export function toTurnError(error: unknown): TurnError {
  const normalized = normalizeError(error);
  const kind = classifyModelError(normalized);
  return new TurnError(STATUS_FOR_KIND[kind], describeModelError(normalized), kind === 'rate-limit' ? retryAfterSeconds(normalized) : undefined);
}

const BLOCKING_FINISH = new Set<string>([
  FinishReason.SAFETY,
  FinishReason.PROHIBITED_CONTENT,
  FinishReason.BLOCKLIST,
  FinishReason.SPII,
  FinishReason.IMAGE_SAFETY,
  FinishReason.IMAGE_PROHIBITED_CONTENT,
  FinishReason.RECITATION,
]);

/** The response JSON for a model answer, or a TurnError for a blocked / empty one. */
function toTurnResponse(model: string, response: GenerateContentResponse): TurnResponse {
  const candidate = response.candidates?.[0];
  const blockReason = response.promptFeedback?.blockReason;
  if (!candidate) {
    if (blockReason) throw new TurnError(422, `The model blocked the request (${blockReason}). Rephrase the instructions or check what the screenshot shows.`);
    throw new TurnError(502, 'The model returned no answer (no candidates). Try again.');
  }
  const finishReason = candidate.finishReason ?? null;
  const content: Content = { role: 'model', parts: [], ...candidate.content };
  const summary = summarizeContent(content);
  if (finishReason && BLOCKING_FINISH.has(finishReason) && summary.functionCalls.length === 0 && summary.text === '')
    throw new TurnError(422, `The model stopped without an answer (finish reason ${finishReason}): its safety filters blocked the turn.`);
  const usage = response.usageMetadata;
  return {
    model,
    candidateContent: content,
    ...summary,
    finishReason,
    usage: {
      promptTokens: usage?.promptTokenCount,
      outputTokens: usage?.candidatesTokenCount,
      thoughtsTokens: usage?.thoughtsTokenCount,
      totalTokens: usage?.totalTokenCount,
    },
  };
}

/** A turn with nothing to act on: no call and no answer (thoughts alone do not count). */
const isEmpty = (turn: TurnResponse) => turn.functionCalls.length === 0 && turn.text === '';

/**
 * One turn, asked once more when the model answered with nothing to act on; `emptyTwice` says why the second
 * empty answer fails. Every failure comes back as a TurnError.
 */
export async function turnAskedTwiceIfEmpty(call: () => Promise<TurnResponse>, emptyTwice: (turn: TurnResponse) => string): Promise<TurnResponse> {
  try {
    let turn = await call();
    if (isEmpty(turn)) turn = await call();
    if (isEmpty(turn)) throw new TurnError(502, emptyTwice(turn));
    return turn;
  } catch (error) {
    if (error instanceof TurnError) throw error;
    throw toTurnError(error);
  }
}

interface LiveTurnOptions {
  generate: GenerateContent;
  model: string;
  contents: Content[];
  retry?: RetryOptions;
  signal?: AbortSignal;
}

/** One model turn. Throws TurnError for anything the caller should answer with an error response. */
export async function runLiveTurn({ generate, model, contents, retry = DEFAULT_RETRY, signal }: LiveTurnOptions): Promise<TurnResponse> {
  const call = async () => {
    const response = await withJitteredRetry(
      () => generate(buildParameters(model, contents, signal)).catch((error: unknown) => Promise.reject(normalizeError(error))),
      retry,
      signal,
    );
    return toTurnResponse(model, response);
  };
  return turnAskedTwiceIfEmpty(call, (turn) =>
    turn.finishReason === FinishReason.MALFORMED_FUNCTION_CALL
      ? 'The model returned a malformed function call twice in a row. Try again or rephrase the instructions.'
      : `The model answered twice with neither an action nor an answer (finish reason ${turn.finishReason ?? 'none'}). Try again or rephrase the instructions.`,
  );
}
