import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleConnectionTest } from '@/lib/agent/server/connection-test';
import { choiceProblem, listModelOptions } from '@/lib/agent/server/model-catalog';
import { API_KEY_HEADER, MODEL_HEADER, PROVIDER_HEADER } from '@/lib/agent/model-options';
import { MissingApiKeyError, resolveModel } from '@/lib/agent/server/providers';
import { readUserChoice, redactSecrets } from '@/lib/agent/server/user-choice';

const USER_KEY = 'AIza-user-own-key-0123456789';
const SERVER_KEY = 'AIza-server-key-9876543210';

afterEach(() => vi.restoreAllMocks());

describe("the server's model list", () => {
  it('offers Gemini with its defaults, says whether the server has a key, and never carries a key', () => {
    const options = listModelOptions({ GOOGLE_GENERATIVE_AI_API_KEY: SERVER_KEY, TABSMITH_ALLOWED_MODELS: 'gemini-4-argon, bad id!' });
    expect(options.providers.map((p) => p.id)).toEqual(['gemini']);
    const gemini = options.providers[0];
    expect(gemini?.serverKey).toBe(true);
    expect(gemini?.models).toEqual(expect.arrayContaining(['gemini-3.5-flash-lite', 'gemini-3.8-flash', 'gemini-3.1-pro-preview', 'gemini-4-argon']));
    expect(gemini?.models).not.toContain('bad id!');
    expect(options.defaults.deep).toEqual({ provider: 'gemini', model: 'gemini-3.1-pro-preview' });
    expect(JSON.stringify(options)).not.toContain(SERVER_KEY);
    expect(listModelOptions({}).providers[0]?.serverKey).toBe(false);
  });

  it('offers an OpenAI-compatible server only where the operator configured one, and replay only on a replay server', () => {
    const openai = listModelOptions({ TABSMITH_OPENAI_BASE_URL: 'http://localhost:11434/v1', TABSMITH_OPENAI_MODEL: 'qwen2.5-coder:7b' });
    expect(openai.providers.map((p) => p.id)).toEqual(['gemini', 'openai-compatible']);
    expect(openai.providers[1]).toMatchObject({ models: ['qwen2.5-coder:7b'], keyRequired: false, serverKey: false });
    const replay = listModelOptions({ TABSMITH_MODEL_PROVIDER: 'replay' });
    expect(replay.providers.map((p) => p.id)).toEqual(['gemini', 'replay']);
    expect(replay.defaults.fast.provider).toBe('replay');
  });

  it('refuses a model or provider the server does not offer, naming what it does offer', () => {
    const options = listModelOptions({});
    expect(choiceProblem({ provider: 'gemini', model: 'gemini-3.8-flash' }, options)).toBeUndefined();
    expect(choiceProblem({ provider: 'gemini', model: 'gpt-5' }, options)).toMatch(/does not offer the model "gpt-5".*gemini-3.8-flash/);
    expect(choiceProblem({ provider: 'replay', model: 'replay' }, options)).toMatch(/does not offer the provider "replay"/);
  });
});

describe("a request's own model and key", () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('reads the choice and key from the headers and refuses bad ones without repeating the key', async () => {
    const ok = readUserChoice(headers({ [PROVIDER_HEADER]: 'gemini', [MODEL_HEADER]: 'gemini-3.6-flash', [API_KEY_HEADER]: USER_KEY }), {});
    expect(ok).toEqual({ ok: true, choice: { model: { provider: 'gemini', model: 'gemini-3.6-flash' }, apiKey: USER_KEY } });

    // A choice stored before Google retired the model: refused with the one to pick instead.
    const retired = readUserChoice(headers({ [PROVIDER_HEADER]: 'gemini', [MODEL_HEADER]: 'gemini-2.5-pro' }), {});
    expect(retired.ok).toBe(false);
    if (!retired.ok) {
      expect(retired.response.status).toBe(400);
      expect(await retired.response.text()).toContain(
        'gemini-2.5-pro was retired by Google in late 2026 (its requests fail); use gemini-3.1-pro-preview instead',
      );
    }
    expect(readUserChoice(headers({}), {})).toEqual({ ok: true, choice: {} });

    const notOffered = readUserChoice(headers({ [PROVIDER_HEADER]: 'gemini', [MODEL_HEADER]: 'not-a-model' }), {});
    expect(notOffered.ok).toBe(false);
    if (!notOffered.ok) expect(notOffered.response.status).toBe(400);

    const badKey = 'short k';
    const refused = readUserChoice(headers({ [API_KEY_HEADER]: badKey }), {});
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      const text = await refused.response.text();
      expect(text).toMatch(/API key in Settings is not valid/);
      expect(text).not.toContain(badKey);
    }
  });

  it("uses the user's key in place of the server's, and says whose key it used", () => {
    expect(() => resolveModel('fast', { env: {} })).toThrow(MissingApiKeyError);
    expect(() => resolveModel('fast', { env: {} })).toThrow(/paste yours in Settings/);
    expect(resolveModel('fast', { env: {}, choice: { apiKey: USER_KEY } }).keySource).toBe('user');
    expect(resolveModel('fast', { env: { GOOGLE_GENERATIVE_AI_API_KEY: SERVER_KEY } }).keySource).toBe('server');
    expect(resolveModel('fast', { env: { GOOGLE_GENERATIVE_AI_API_KEY: SERVER_KEY }, choice: { apiKey: USER_KEY } }).keySource).toBe('user');
  });

  it("runs the user's model for the mode; the operator's thinking override stays with the operator's model", () => {
    const env = { GOOGLE_GENERATIVE_AI_API_KEY: SERVER_KEY, TABSMITH_DEEP_THINKING: 'low' };
    expect(resolveModel('deep', { env }).config.thinking).toEqual({ thinkingLevel: 'low', includeThoughts: true });
    const chosen = resolveModel('deep', { env, choice: { model: { provider: 'gemini', model: 'gemini-3.8-flash' } } });
    expect(chosen.config.model).toBe('gemini-3.8-flash');
    expect(chosen.config.thinking).toEqual({ thinkingLevel: 'high', includeThoughts: true });
  });

  it('redacts a key from any text', () => {
    expect(redactSecrets(`invalid key ${USER_KEY} given`, [USER_KEY])).toBe('invalid key [redacted key] given');
    expect(redactSecrets('nothing', [undefined])).toBe('nothing');
  });
});

describe('Test connection', () => {
  const request = (key?: string) =>
    new Request('http://ide.test/api/ai/test', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { [API_KEY_HEADER]: key } : {}) },
      body: JSON.stringify({ provider: 'gemini', model: 'gemini-3.6-flash' }),
    });

  it("sends the user's key to Gemini and reports the answer", async () => {
    const seen: Headers[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      seen.push(new Headers(init?.headers));
      return Response.json({
        candidates: [{ content: { role: 'model', parts: [{ text: 'OK' }] }, finishReason: 'STOP' }],
        usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 1, totalTokenCount: 10 },
      });
    });
    const result = await (await handleConnectionTest(request(USER_KEY), { env: {} })).json();
    expect(result).toMatchObject({ ok: true, provider: 'gemini', model: 'gemini-3.6-flash', keySource: 'user', reply: 'OK' });
    expect(seen[0]?.get('x-goog-api-key')).toBe(USER_KEY);
  });

  it('reports a refused key without ever printing or returning it', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json({ error: { code: 400, message: `API key not valid: ${USER_KEY}`, status: 'INVALID_ARGUMENT' } }, { status: 400 }),
    );
    const logged: string[] = [];
    for (const method of ['log', 'error', 'warn', 'info'] as const)
      vi.spyOn(console, method).mockImplementation((...args) => void logged.push(args.map(String).join(' ')));
    const text = await (await handleConnectionTest(request(USER_KEY), { env: {} })).text();
    const result = JSON.parse(text) as { ok: boolean; error: string };
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/API key not valid/);
    expect(text).not.toContain(USER_KEY);
    expect(logged.join('\n')).not.toContain(USER_KEY);
  });

  it('says what to do when there is no key at all', async () => {
    const result = await (await handleConnectionTest(request(), { env: {} })).json();
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/paste yours in Settings/) });
  });
});
