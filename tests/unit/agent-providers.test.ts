import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, classifyModelError, describeModelError, withJitteredRetry, type RetryOptions } from '@/lib/agent/server/model-errors';
import { AgentConfigError } from '@/lib/agent/server/modes';
import { MissingApiKeyError, readOpenAICompatibleSettings, readProviderKind, resolveModel } from '@/lib/agent/server/providers';
import { readAgentErrorMessage } from '@/lib/agent/http';

const apiError = (statusCode: number, responseBody = '', message = 'failed') =>
  new APICallError({ message, url: 'http://model', requestBodyValues: {}, statusCode, responseBody, isRetryable: statusCode === 429 || statusCode >= 500 });

describe('providers', () => {
  it('defaults to gemini and rejects unknown providers', () => {
    expect(readProviderKind({})).toBe('gemini');
    expect(() => readProviderKind({ TABSMITH_MODEL_PROVIDER: 'claude' })).toThrow(/TABSMITH_MODEL_PROVIDER="claude"/);
  });

  it('requires GOOGLE_GENERATIVE_AI_API_KEY for gemini', () => {
    expect(() => resolveModel('fast', { env: {} })).toThrow(MissingApiKeyError);
    expect(() => resolveModel('fast', { env: {} })).toThrow('GOOGLE_GENERATIVE_AI_API_KEY');
    const resolved = resolveModel('deep', { env: { GOOGLE_GENERATIVE_AI_API_KEY: 'test-key' } });
    expect(resolved.provider).toBe('gemini');
    expect(resolved.providerOptions).toEqual({ google: { thinkingConfig: { thinkingLevel: 'high', includeThoughts: true } } });
  });

  it('reads the openai-compatible settings from env; every mode uses that model without thinking options', () => {
    const env = {
      TABSMITH_MODEL_PROVIDER: 'openai-compatible',
      TABSMITH_OPENAI_BASE_URL: 'http://localhost:11434/v1',
      TABSMITH_OPENAI_MODEL: 'qwen2.5-coder:7b',
    };
    expect(readOpenAICompatibleSettings(env)).toEqual({ baseURL: 'http://localhost:11434/v1', model: 'qwen2.5-coder:7b', apiKey: undefined });
    expect(readOpenAICompatibleSettings({ ...env, TABSMITH_OPENAI_API_KEY: 'k' }).apiKey).toBe('k');
    for (const mode of ['fast', 'balanced', 'deep'] as const) {
      const resolved = resolveModel(mode, { env });
      expect(resolved.config.model).toBe('qwen2.5-coder:7b');
      expect(resolved.providerOptions).toBeUndefined();
      expect(resolved.config.thinking).toBeUndefined();
    }
    expect(resolveModel('deep', { env: { ...env, TABSMITH_DEEP_MODEL: 'llama3.3:70b' } }).config.model).toBe('llama3.3:70b');
  });

  it('explains missing openai-compatible settings', () => {
    expect(() => readOpenAICompatibleSettings({ TABSMITH_OPENAI_MODEL: 'm' })).toThrow(/TABSMITH_OPENAI_BASE_URL/);
    expect(() => readOpenAICompatibleSettings({ TABSMITH_OPENAI_BASE_URL: 'http://x/v1' })).toThrow(/TABSMITH_OPENAI_MODEL/);
    expect(() => resolveModel('fast', { env: { TABSMITH_MODEL_PROVIDER: 'replay' } })).toThrow(AgentConfigError);
  });
});

describe('model errors', () => {
  it.each([
    [apiError(429, '{"error":{"status":"RESOURCE_EXHAUSTED","message":"You exceeded your current quota"}}'), 'quota'],
    [apiError(429, '{"error":{"status":"RESOURCE_EXHAUSTED","message":"Too many requests per minute"}}'), 'rate-limit'],
    [apiError(400, '{"error":{"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT"}}'), 'auth'],
    [apiError(403, 'PERMISSION_DENIED'), 'auth'],
    [apiError(503, 'overloaded'), 'transient'],
    [new TypeError('fetch failed'), 'transient'],
    [apiError(400, 'bad schema'), 'other'],
  ])('classifies %s', (error, kind) => {
    expect(classifyModelError(error)).toBe(kind);
  });

  // Gemini's answer to a request for a model it no longer serves (its generateContent 404 body).
  const RETIRED_MODEL_404 = JSON.stringify({
    error: {
      code: 404,
      message:
        'models/gemini-2.5-flash is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.',
      status: 'NOT_FOUND',
    },
  });

  // A 400 for a sampling parameter, in Google's error envelope (google.rpc.Status). Not a recording: no answer of
  // this kind was captured here; the route only ever sends one for a model the IDE's table does not know.
  const SAMPLING_400 = JSON.stringify({ error: { code: 400, message: 'temperature is not supported for this model.', status: 'INVALID_ARGUMENT' } });

  it('names a sampling parameter the model refused and the variable to unset, keeping other 400s as they are', () => {
    const error = apiError(400, SAMPLING_400, 'Bad Request');
    expect(classifyModelError(error)).toBe('unsupported-setting');
    expect(describeModelError(error)).toBe(
      'The model refused the temperature setting (400): Gemini 3 and later models deprecate sampling parameters, and the IDE sends none to the models it knows. Unset TABSMITH_<MODE>_TEMPERATURE on the server for this model. Upstream: temperature is not supported for this model.',
    );
    expect(classifyModelError(apiError(400, 'bad schema'))).toBe('other');
  });

  it('says which model Gemini does not serve, and which to pick instead when it was retired', () => {
    const error = apiError(404, RETIRED_MODEL_404, 'Not Found');
    expect(classifyModelError(error)).toBe('model-not-found');
    const text = describeModelError(error);
    expect(text).toContain('Gemini does not serve the gemini-2.5-flash model (404 NOT_FOUND): gemini-2.5-flash was retired by Google in late 2026');
    expect(text).toContain('use gemini-3.8-flash instead');
    expect(text).toContain('Pick another model in Settings');
    const unknown = describeModelError(apiError(404, RETIRED_MODEL_404.replaceAll('gemini-2.5-flash', 'gemini-9-test')));
    expect(unknown).toContain('Gemini does not serve the gemini-9-test model (404 NOT_FOUND). Pick another model');
  });

  it('writes messages a user can act on', () => {
    expect(describeModelError(apiError(401))).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
    expect(describeModelError(apiError(429, 'RESOURCE_EXHAUSTED quota'))).toContain('quota');
  });

  it('retries transient errors with jittered exponential backoff, not quota or auth errors', async () => {
    const sleeps: number[] = [];
    const options: RetryOptions = {
      maxRetries: 3,
      initialDelayMs: 1000,
      maxDelayMs: 15_000,
      waitBudgetMs: 60_000,
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0.5,
    };
    const flaky = vi.fn().mockRejectedValueOnce(apiError(503)).mockRejectedValueOnce(new TypeError('fetch failed')).mockResolvedValue('ok');
    expect(await withJitteredRetry(flaky, options)).toBe('ok');
    expect(sleeps).toEqual([500, 1000]);

    const quota = vi.fn().mockRejectedValue(apiError(429, 'RESOURCE_EXHAUSTED quota'));
    await expect(withJitteredRetry(quota, options)).rejects.toThrow();
    expect(quota).toHaveBeenCalledTimes(1);

    const down = vi.fn().mockRejectedValue(apiError(500));
    await expect(withJitteredRetry(down, options)).rejects.toThrow();
    expect(down).toHaveBeenCalledTimes(4);
  });

  it('jitter stays within the exponential ceiling', () => {
    const options = { maxRetries: 5, initialDelayMs: 1000, maxDelayMs: 4000 };
    expect(backoffDelay(0, options, () => 1)).toBe(1000);
    expect(backoffDelay(5, options, () => 1)).toBe(4000);
    expect(backoffDelay(2, options, () => 0)).toBe(0);
  });

  it('unwraps {"error":"…"} bodies for the chat', () => {
    expect(readAgentErrorMessage('{"error":"Set GOOGLE_GENERATIVE_AI_API_KEY"}')).toBe('Set GOOGLE_GENERATIVE_AI_API_KEY');
    expect(readAgentErrorMessage('plain')).toBe('plain');
  });
});
