/**
 * Model errors from Gemini's own error bodies (tests/unit/fixtures/gemini-errors, in the API's google.rpc.Status
 * JSON shape): a per-minute rate limit with a retryDelay, an exhausted daily quota, a 400 for a thinking level
 * the model does not take. Each goes through the agent route (AI SDK APICallError) and the computer-use route
 * (@google/genai ApiError, whose message is the body).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APICallError } from '@ai-sdk/provider';
import { ApiError, FinishReason, GenerateContentResponse, type GenerateContentParameters } from '@google/genai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { handleChat } from '@/lib/agent/server/chat';
import { classifyModelError, describeModelError, retryAfterSeconds, withJitteredRetry, type RetryOptions } from '@/lib/agent/server/model-errors';
import { handleComputerUse } from '@/lib/computer-use/server/handler';

const body = (name: string) => readFileSync(join(process.cwd(), 'tests/unit/fixtures/gemini-errors', `${name}.json`), 'utf8');
const PER_MINUTE = body('rate-limit-per-minute');
const PER_DAY = body('quota-per-day');
const BAD_LEVEL = body('bad-thinking-level');

const apiCallError = (statusCode: number, responseBody: string) =>
  new APICallError({ message: 'Request failed', url: 'https://model.test', requestBodyValues: {}, statusCode, responseBody, isRetryable: statusCode === 429 });

function recorder(waitBudgetMs = 60_000): RetryOptions & { sleeps: number[] } {
  const sleeps: number[] = [];
  return { maxRetries: 3, initialDelayMs: 1000, maxDelayMs: 15_000, waitBudgetMs, random: () => 0, sleep: async (ms) => void sleeps.push(ms), sleeps };
}

describe('recorded Gemini errors: classification and messages', () => {
  it('a per-minute 429 is a rate limit with the advised delay, and says so', () => {
    const error = apiCallError(429, PER_MINUTE);
    expect(classifyModelError(error)).toBe('rate-limit');
    expect(retryAfterSeconds(error)).toBe(43);
    const text = describeModelError(error);
    expect(text).toMatch(/^Rate limited by the model provider .*retry in 43 s\./);
    expect(text).toContain('GenerateRequestsPerMinutePerProjectPerModel-FreeTier');
    expect(text).not.toContain('quota is used up');
  });

  it('a daily-quota 429 is quota exhaustion even though it carries a retry delay', () => {
    const error = apiCallError(429, PER_DAY);
    expect(classifyModelError(error)).toBe('quota');
    const text = describeModelError(error);
    expect(text).toContain('quota is used up');
    expect(text).toContain('GenerateRequestsPerDayPerProjectPerModel-FreeTier');
    expect(text).not.toContain('Rate limited');
  });

  it('a 400 for a bad thinking level keeps the upstream message', () => {
    const error = apiCallError(400, BAD_LEVEL);
    expect(classifyModelError(error)).toBe('other');
    expect(describeModelError(error)).toContain('Thinking level MINIMAL is not supported for this model');
  });

  it('an API key echoed in an upstream body never reaches the message', () => {
    const echoed = PER_MINUTE.replace('Please retry', 'key=AIzaSyDUMMYDUMMYDUMMYDUMMYDUMMYDUMMY12. Please retry');
    expect(describeModelError(apiCallError(429, echoed))).not.toContain('AIzaSyDUMMY');
  });
});

describe('recorded Gemini errors: retries', () => {
  it('a per-minute 429 is retried after the advised delay when it fits the wait budget', async () => {
    const options = recorder();
    const call = vi.fn().mockRejectedValueOnce(apiCallError(429, PER_MINUTE)).mockResolvedValue('ok');
    expect(await withJitteredRetry(call, options)).toBe('ok');
    expect(options.sleeps).toEqual([43_000]);
  });

  it('a per-minute 429 whose delay does not fit is not waited for: the error goes out at once', async () => {
    const options = recorder(30_000);
    const call = vi.fn().mockRejectedValue(apiCallError(429, PER_MINUTE));
    await expect(withJitteredRetry(call, options)).rejects.toThrow();
    expect(call).toHaveBeenCalledTimes(1);
    expect(options.sleeps).toEqual([]);
  });

  it.each([
    ['daily quota', PER_DAY, 429],
    ['bad thinking level', BAD_LEVEL, 400],
  ])('a %s is not retried', async (_name, responseBody, status) => {
    const options = recorder();
    const call = vi.fn().mockRejectedValue(apiCallError(status, responseBody));
    await expect(withJitteredRetry(call, options)).rejects.toThrow();
    expect(call).toHaveBeenCalledTimes(1);
  });
});

const userMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] };
const chatPost = () => new Request('http://t/api/ai', { method: 'POST', body: JSON.stringify({ messages: [userMessage] }) });

async function chatError(error: Error, retry: RetryOptions): Promise<{ text: string; calls: number }> {
  const model = new MockLanguageModelV4({
    doStream: async () => {
      throw error;
    },
  });
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const res = await handleChat(chatPost(), { env: {}, createModel: () => model, retry });
  const raw = await res.text();
  spy.mockRestore();
  const chunk = raw
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; errorText?: string })
    .find((c) => c.type === 'error');
  return { text: chunk?.errorText ?? '', calls: model.doStreamCalls.length };
}

describe('recorded Gemini errors through POST /api/ai', () => {
  it('a per-minute 429 past the wait budget reaches the chat as "retry in N s"', async () => {
    const { text, calls } = await chatError(apiCallError(429, PER_MINUTE), recorder(10_000));
    expect(text).toContain('retry in 43 s');
    expect(calls).toBe(1);
  });

  it('a daily quota reaches the chat as quota exhaustion', async () => {
    const { text } = await chatError(apiCallError(429, PER_DAY), recorder());
    expect(text).toContain('quota is used up');
  });

  it('a bad thinking level reaches the chat with the upstream reason', async () => {
    const { text } = await chatError(apiCallError(400, BAD_LEVEL), recorder());
    expect(text).toContain('Thinking level MINIMAL is not supported');
  });
});

const KEY = 'AIzaSyTESTKEYTESTKEYTESTKEYTESTKEY0000';
const cuPost = () =>
  new Request('http://t/api/computer-use', {
    method: 'POST',
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'check the page' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] }] }),
  });
const answer = () =>
  Object.assign(new GenerateContentResponse(), {
    candidates: [{ content: { role: 'model', parts: [{ text: 'It works.' }] }, finishReason: FinishReason.STOP }],
  });

function generateThrowing(first: Error) {
  const calls: GenerateContentParameters[] = [];
  return {
    calls,
    generate: async (params: GenerateContentParameters) => {
      calls.push(params);
      if (calls.length === 1) throw first;
      return answer();
    },
  };
}

describe('recorded Gemini errors through POST /api/computer-use (ApiError rewrapped with its body)', () => {
  it('a per-minute 429 is retried after the advised delay, then the turn answers', async () => {
    const retry = recorder();
    const { generate, calls } = generateThrowing(new ApiError({ status: 429, message: PER_MINUTE }));
    const res = await handleComputerUse(cuPost(), { env: { GOOGLE_GENERATIVE_AI_API_KEY: KEY }, generate, retry });
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(retry.sleeps).toEqual([43_000]);
  });

  it('a per-minute 429 past the budget is a 429 with "retry in N s", retryAfterSeconds and Retry-After, never the key', async () => {
    const { generate } = generateThrowing(new ApiError({ status: 429, message: PER_MINUTE }));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await handleComputerUse(cuPost(), { env: { GOOGLE_GENERATIVE_AI_API_KEY: KEY }, generate, retry: recorder(5_000) });
    spy.mockRestore();
    const raw = await res.text();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('43');
    const json = JSON.parse(raw) as { error: string; retryAfterSeconds: number };
    expect(json.retryAfterSeconds).toBe(43);
    expect(json.error).toContain('retry in 43 s');
    expect(raw).not.toContain(KEY);
  });

  it('a daily quota is a 429 that says quota, without retryAfterSeconds', async () => {
    const { generate, calls } = generateThrowing(new ApiError({ status: 429, message: PER_DAY }));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await handleComputerUse(cuPost(), { env: { GOOGLE_GENERATIVE_AI_API_KEY: KEY }, generate, retry: recorder() });
    spy.mockRestore();
    const json = (await res.json()) as { error: string; retryAfterSeconds?: number };
    expect(res.status).toBe(429);
    expect(json.error).toContain('quota is used up');
    expect(json.retryAfterSeconds).toBeUndefined();
    expect(calls).toHaveLength(1);
  });
});
