/**
 * Model errors: which are worth retrying, the retry itself (exponential backoff WITH jitter — the AI SDK's own
 * retry has none, so many tabs hitting a 503 together would retry in lockstep), and the sentence the chat shows.
 */
import { APICallError, RetryError, wrapLanguageModel } from 'ai';
import type { LanguageModelV4 } from '@ai-sdk/provider';

export type ModelErrorKind = 'quota' | 'auth' | 'rate-limit' | 'transient' | 'other';

function unwrap(error: unknown): unknown {
  return RetryError.isInstance(error) ? (error.lastError ?? error) : error;
}

function details(error: unknown): { status?: number; text: string } {
  const inner = unwrap(error);
  if (APICallError.isInstance(inner)) return { status: inner.statusCode, text: `${inner.message} ${inner.responseBody ?? ''}` };
  return { text: inner instanceof Error ? `${inner.name} ${inner.message}` : String(inner) };
}

export function classifyModelError(error: unknown): ModelErrorKind {
  const { status, text } = details(error);
  // Gemini answers both a per-minute rate limit and an exhausted daily quota with 429 RESOURCE_EXHAUSTED; only
  // the quota mentions "quota"/"billing", and waiting seconds will not fix it.
  if (status === 429 || /RESOURCE_EXHAUSTED/.test(text)) return /quota|billing|plan/i.test(text) ? 'quota' : 'rate-limit';
  if (status === 401 || status === 403 || /API[_ ]?key (not valid|invalid)|API_KEY_INVALID|PERMISSION_DENIED|UNAUTHENTICATED/i.test(text)) return 'auth';
  if (status !== undefined && status >= 500) return 'transient';
  if (status === 408) return 'transient';
  if (status === undefined && /fetch failed|ECONNRESET|ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up|network/i.test(text)) return 'transient';
  return 'other';
}

const isRetryable = (kind: ModelErrorKind) => kind === 'transient' || kind === 'rate-limit';

/** The sentence the chat shows for a model error. Never includes the key. */
export function describeModelError(error: unknown): string {
  const kind = classifyModelError(error);
  const { text } = details(error);
  const short = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  switch (kind) {
    case 'quota':
      return 'The model provider says the quota is used up (429 RESOURCE_EXHAUSTED). Wait for it to reset, switch to a mode with a cheaper model, or use a key with more quota.';
    case 'rate-limit':
      return 'The model provider is rate-limiting requests (429) and retrying did not help. Wait a minute and try again.';
    case 'auth':
      return 'The model provider rejected the API key (401/403). Check GOOGLE_GENERATIVE_AI_API_KEY (or TABSMITH_OPENAI_API_KEY for an OpenAI-compatible provider) on the server.';
    case 'transient':
      return `The model provider is unavailable right now (retried with backoff): ${short}`;
    default:
      return `The model request failed: ${short}`;
  }
}

export interface RetryOptions {
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /** Injectable for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export const DEFAULT_RETRY: RetryOptions = { maxRetries: 3, initialDelayMs: 1000, maxDelayMs: 15_000 };

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** "Full jitter": a random delay between 0 and the exponential ceiling. */
export function backoffDelay(attempt: number, options: RetryOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}

export async function withJitteredRetry<T>(call: () => PromiseLike<T>, options: RetryOptions, signal?: AbortSignal): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (signal?.aborted || attempt >= options.maxRetries || !isRetryable(classifyModelError(error))) throw error;
      await sleep(backoffDelay(attempt, options, options.random), signal);
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
