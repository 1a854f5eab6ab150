/**
 * What a model provider's error says about itself, read from the error body rather than guessed from words.
 *
 * Gemini answers a per-minute rate limit and an exhausted daily (or zero) quota with the same 429
 * RESOURCE_EXHAUSTED and the same "check your plan and billing details" sentence; they differ in the body's
 * `details`: a `QuotaFailure` whose `quotaId` names the window (…PerMinute…, …PerDay…), and a `RetryInfo` whose
 * `retryDelay` ("43s") says when to try again (the message repeats it as "Please retry in 43.38s.").
 */
import { APICallError, RetryError } from 'ai';
import { z } from 'zod';

/** Google's error envelope (`google.rpc.Status` as JSON); `details` entries are typed by `@type`. */
const googleErrorSchema = z.object({
  error: z.looseObject({
    code: z.number().nullish(),
    message: z.string().nullish(),
    status: z.string().nullish(),
    details: z.array(z.looseObject({ '@type': z.string().optional() })).nullish(),
  }),
});

const quotaFailureSchema = z.looseObject({
  violations: z.array(z.looseObject({ quotaId: z.string().optional(), quotaValue: z.string().optional() })).default([]),
});
const retryInfoSchema = z.looseObject({ retryDelay: z.string() });

interface ModelErrorBody {
  status?: number;
  /** Everything said about the error, for matching and for the message shown (the key never appears). */
  text: string;
  /** The upstream message when the body had one. */
  message?: string;
  /** `QuotaFailure.violations[].quotaId`, e.g. "GenerateRequestsPerMinutePerProjectPerModel-FreeTier". */
  quotaIds: string[];
  /** A violated quota whose limit is 0: this key has no quota for the model at all. */
  zeroQuota: boolean;
  /** When the provider says to try again, in ms (RetryInfo, "retry in Ns", or a Retry-After header). */
  retryAfterMs?: number;
}

function unwrap(error: unknown): unknown {
  return RetryError.isInstance(error) ? (error.lastError ?? error) : error;
}

/** "43s", "43.386544789s", "1.5s" → ms. */
function durationMs(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  return match ? Math.ceil(Number(match[1]) * 1000) : undefined;
}

function parseBody(raw: string | undefined): z.infer<typeof googleErrorSchema>['error'] | undefined {
  if (!raw) return undefined;
  const start = raw.indexOf('{');
  if (start < 0) return undefined;
  try {
    const parsed = googleErrorSchema.safeParse(JSON.parse(raw.slice(start)));
    return parsed.success ? parsed.data.error : undefined;
  } catch {
    return undefined;
  }
}

// Google API keys have this shape; an upstream text that echoes one must not reach a user or a log.
const API_KEY_PATTERN = /AIza[0-9A-Za-z_-]{20,}/g;
const redactKeys = (text: string): string => text.replace(API_KEY_PATTERN, '[redacted key]');

function source(error: unknown): { status?: number; body?: string; text: string; headers?: Record<string, string> } {
  const inner = unwrap(error);
  if (APICallError.isInstance(inner))
    return {
      status: inner.statusCode,
      body: inner.responseBody ?? inner.message,
      text: `${inner.message} ${inner.responseBody ?? ''}`,
      headers: inner.responseHeaders,
    };
  const text = inner instanceof Error ? `${inner.name} ${inner.message}` : String(inner);
  return { body: inner instanceof Error ? inner.message : undefined, text };
}

/** Reads status, quota ids and the advised retry delay from an AI SDK APICallError (or any error's text). */
export function readModelErrorBody(error: unknown): ModelErrorBody {
  const { status, body, text, headers } = source(error);
  const parsed = parseBody(body);
  const quotaIds: string[] = [];
  let zeroQuota = false;
  let retryAfterMs: number | undefined;
  for (const detail of parsed?.details ?? []) {
    const type = detail['@type'] ?? '';
    if (type.endsWith('QuotaFailure')) {
      for (const violation of quotaFailureSchema.safeParse(detail).data?.violations ?? []) {
        if (violation.quotaId) quotaIds.push(violation.quotaId);
        if (violation.quotaValue === '0') zeroQuota = true;
      }
    } else if (type.endsWith('RetryInfo')) {
      const info = retryInfoSchema.safeParse(detail);
      if (info.success) retryAfterMs = durationMs(info.data.retryDelay);
    }
  }
  const message = parsed?.message ?? undefined;
  const all = `${text} ${message ?? ''}`;
  if (/\blimit: 0\b/.test(all)) zeroQuota = true;
  retryAfterMs ??= (() => {
    const match = /retry in (\d+(?:\.\d+)?)\s*s/i.exec(all);
    return match ? Math.ceil(Number(match[1]) * 1000) : undefined;
  })();
  const header = headers?.['retry-after'] ?? headers?.['Retry-After'];
  if (retryAfterMs === undefined && header && /^\d+$/.test(header.trim())) retryAfterMs = Number(header) * 1000;
  return {
    status: status ?? (typeof parsed?.code === 'number' ? parsed.code : undefined),
    text: redactKeys(all),
    ...(message ? { message: redactKeys(message) } : {}),
    quotaIds,
    zeroQuota,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  };
}

/** Quota windows that reset in seconds to a minute: waiting helps. */
export const isShortWindow = (quotaId: string) => /Per(Second|Minute)/i.test(quotaId);
/** Quota windows (or a zero quota) that waiting a minute will not fix. */
export const isLongWindow = (quotaId: string) => /Per(Hour|Day|Week|Month)/i.test(quotaId);
