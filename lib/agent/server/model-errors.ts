/**
 * Model errors: which are worth retrying, the retry itself (exponential backoff WITH jitter — the AI SDK's own
 * retry has none, so many tabs hitting a 503 together would retry in lockstep), and the sentence the chat shows.
 */
import { wrapLanguageModel } from 'ai';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { isLongWindow, isShortWindow, readModelErrorBody } from './model-error-body';
import { retiredModelProblem } from './gemini-models';

type ModelErrorKind = 'quota' | 'auth' | 'rate-limit' | 'transient' | 'model-not-found' | 'unsupported-setting' | 'other';

/** A sampling parameter named in a 400 (Gemini 3 and later deprecate them; other servers refuse unknown ones). */
const SAMPLING_PARAMETER = /\b(temperature|top_?p|top_?k|topP|topK|presence_?penalty|frequency_?penalty)\b/i;

/** The model id in Gemini's 404 ("models/gemini-2.5-flash is not found for API version v1beta, …"). */
const MISSING_MODEL = /models\/([\w.-]+) is not found/;

/**
 * A 429 is a quota exhaustion only when the body says so (a daily/monthly quota id, or a zero limit), or when
 * it mentions quota/billing with no hint that waiting helps; a per-minute quota id or an advised retry delay
 * make it a rate limit, which the retry waits out when the delay fits the route's time.
 */
export function classifyModelError(error: unknown): ModelErrorKind {
  const body = readModelErrorBody(error);
  const { status, text } = body;
  if (status === 429 || /RESOURCE_EXHAUSTED/.test(text)) {
    if (body.zeroQuota || body.quotaIds.some(isLongWindow)) return 'quota';
    if (body.quotaIds.some(isShortWindow) || body.retryAfterMs !== undefined) return 'rate-limit';
    return /quota|billing|plan/i.test(text) ? 'quota' : 'rate-limit';
  }
  if (status === 401 || status === 403 || /API[_ ]?key (not valid|invalid)|API_KEY_INVALID|PERMISSION_DENIED|UNAUTHENTICATED/i.test(text)) return 'auth';
  if (status === 404 && MISSING_MODEL.test(text)) return 'model-not-found';
  if (status === 400 && SAMPLING_PARAMETER.test(body.message ?? text)) return 'unsupported-setting';
  if (status !== undefined && status >= 500) return 'transient';
  if (status === 408) return 'transient';
  if (status === undefined && /fetch failed|ECONNRESET|ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up|network/i.test(text)) return 'transient';
  return 'other';
}

const isRetryable = (kind: ModelErrorKind) => kind === 'transient' || kind === 'rate-limit';

/** Seconds until the provider says to try again, when it says so (rounded up). */
export function retryAfterSeconds(error: unknown): number | undefined {
  const ms = readModelErrorBody(error).retryAfterMs;
  return ms === undefined ? undefined : Math.max(1, Math.ceil(ms / 1000));
}

/** The sentence the chat shows for a model error. Keeps the upstream message; never includes the key. */
export function describeModelError(error: unknown): string {
  const kind = classifyModelError(error);
  const body = readModelErrorBody(error);
  const upstream = (body.message ?? body.text).replace(/\s+/g, ' ').trim().slice(0, 300);
  const what = `429 RESOURCE_EXHAUSTED${body.quotaIds[0] ? `, ${body.quotaIds[0]}` : ''}`;
  switch (kind) {
    case 'quota':
      return `The model provider says the quota is used up (${what}): wait for it to reset, switch to a mode with a cheaper model, or use a key with more quota. Upstream: ${upstream}`;
    case 'rate-limit': {
      const seconds = retryAfterSeconds(error);
      return seconds === undefined
        ? `Rate limited by the model provider (${what}), and retrying did not help: retry in a minute. Upstream: ${upstream}`
        : `Rate limited by the model provider (${what}): retry in ${seconds} s. Upstream: ${upstream}`;
    }
    case 'auth':
      return `The model provider rejected the API key (401/403). Check your own key in Settings, or, if you use the server's, GOOGLE_GENERATIVE_AI_API_KEY (TABSMITH_OPENAI_API_KEY for an OpenAI-compatible provider) on the server. Upstream: ${upstream}`;
    case 'transient':
      return `The model provider is unavailable right now (retried with backoff): ${upstream}`;
    case 'model-not-found': {
      const model = MISSING_MODEL.exec(body.text)?.[1] ?? 'chosen';
      const retired = retiredModelProblem(model);
      return `Gemini does not serve the ${model} model (404 NOT_FOUND)${retired ? `: ${retired}` : ''}. Pick another model in Settings (or, for the server's default, in its TABSMITH_<MODE>_MODEL). Upstream: ${upstream}`;
    }
    case 'unsupported-setting': {
      const parameter = SAMPLING_PARAMETER.exec(body.message ?? body.text)?.[1] ?? 'a sampling parameter';
      return `The model refused the ${parameter} setting (400): Gemini 3 and later models deprecate sampling parameters, and the IDE sends none to the models it knows. Unset TABSMITH_<MODE>_TEMPERATURE on the server for this model. Upstream: ${upstream}`;
    }
    default:
      return `The model request failed: ${upstream}`;
  }
}

export interface RetryOptions {
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /**
   * How long one request may spend waiting between attempts in all. A rate limit's advised delay is waited
   * out only while it fits; past that the error goes to the user with the delay ("retry in N s").
   */
  waitBudgetMs: number;
  /** Injectable for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** Gemini's per-minute limits advise delays of up to a minute; the routes' maxDuration allows for this budget. */
export const DEFAULT_RETRY: RetryOptions = { maxRetries: 3, initialDelayMs: 1000, maxDelayMs: 15_000, waitBudgetMs: 60_000 };

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** "Full jitter": a random delay between 0 and the exponential ceiling. */
export function backoffDelay(attempt: number, options: Pick<RetryOptions, 'initialDelayMs' | 'maxDelayMs'>, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}

/**
 * The wait before the next attempt, or undefined to give up: not retryable, out of attempts, or an advised
 * delay that does not fit what is left of the wait budget.
 */
function nextDelay(error: unknown, attempt: number, waited: number, options: RetryOptions): number | undefined {
  if (attempt >= options.maxRetries || !isRetryable(classifyModelError(error))) return undefined;
  const advised = readModelErrorBody(error).retryAfterMs;
  const delay = advised ?? backoffDelay(attempt, options, options.random);
  if (waited + delay > options.waitBudgetMs) return undefined;
  // A little jitter on top of an advised delay, so tabs told the same delay do not all return at once.
  return advised === undefined ? delay : delay + Math.round((options.random ?? Math.random)() * 500);
}

export async function withJitteredRetry<T>(call: () => PromiseLike<T>, options: RetryOptions, signal?: AbortSignal): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  let waited = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const delay = signal?.aborted ? undefined : nextDelay(error, attempt, waited, options);
      if (delay === undefined) throw error;
      waited += delay;
      await sleep(delay, signal);
    }
  }
}

/**
 * Wraps a model so opening a stream (or a generate call) is retried on transient errors. Errors that arrive
 * after streaming began are not retried: the user has already seen part of the answer. Callers pass
 * maxRetries: 0 to the AI SDK so the two retry loops do not multiply.
 */
export function withModelRetry(model: LanguageModelV4, options: RetryOptions = DEFAULT_RETRY): LanguageModelV4 {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v4',
      wrapStream: ({ doStream, params }) => withJitteredRetry(doStream, options, params.abortSignal),
      wrapGenerate: ({ doGenerate, params }) => withJitteredRetry(doGenerate, options, params.abortSignal),
    },
  });
}
