import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError, FinishReason, GenerateContentResponse, type Content, type GenerateContentParameters } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { handleComputerUse, type ComputerUseDeps } from '@/lib/computer-use/server/handler';
import { DEFAULT_COMPUTER_USE_MODEL } from '@/lib/computer-use/server/config';
import type { GenerateContent } from '@/lib/computer-use/server/gemini';
import { MAX_COMPUTER_USE_BODY_BYTES, PRUNED_SCREENSHOT_TEXT, pruneScreenshots, type TurnResponse } from '@/lib/computer-use/session-protocol';

const KEY = 'AIza-test-key-never-shown';
const ENV = { GOOGLE_GENERATIVE_AI_API_KEY: KEY };
const NO_SLEEP = { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 1, sleep: async () => undefined, waitBudgetMs: 60_000 };

const at = <T>(items: readonly T[] | undefined, i = 0): T => {
  const item = items?.[i];
  if (item === undefined) throw new Error(`expected an item at ${i}`);
  return item;
};

const userTurn = (text = 'add a todo called x'): Content => ({ role: 'user', parts: [{ text }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] });

function post(body: unknown, init: RequestInit = {}) {
  return new Request('http://t/api/computer-use', { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), ...init });
}

function response(init: Partial<GenerateContentResponse>): GenerateContentResponse {
  return Object.assign(new GenerateContentResponse(), init);
}

const modelAnswer = (parts: NonNullable<Content['parts']>, finishReason = FinishReason.STOP) =>
  response({
    candidates: [{ content: { role: 'model', parts }, finishReason }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 3, thoughtsTokenCount: 2, totalTokenCount: 15 },
  });

/** A fake generateContent that answers from a script and records every call. */
function fakeGenerate(...answers: (GenerateContentResponse | Error)[]) {
  const calls: GenerateContentParameters[] = [];
  const generate: GenerateContent = async (params) => {
    calls.push(params);
    const next = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (next === undefined) throw new Error('no scripted answer');
    if (next instanceof Error) throw next;
    return next;
  };
  return { generate, calls };
}

async function turn(body: unknown, deps: ComputerUseDeps): Promise<{ status: number; json: TurnResponse & { error?: string } }> {
  const res = await handleComputerUse(post(body), { retry: NO_SLEEP, ...deps });
  return { status: res.status, json: (await res.json()) as TurnResponse & { error?: string } };
}

const images = (contents: readonly Content[]): string[] =>
  contents.flatMap((c) =>
    (c.parts ?? []).flatMap((p) =>
      [p.inlineData?.data, ...(p.functionResponse?.parts ?? []).map((fp) => fp.inlineData?.data)].filter((d): d is string => d !== undefined),
    ),
  );

const fixtureDir = join(process.cwd(), 'tests/e2e/fixtures/computer-use');
const pruningFixture = JSON.parse(readFileSync(join(fixtureDir, 'unit/pruning-conversation.json'), 'utf8')) as { contents: Content[] };

describe('POST /api/computer-use: bad bodies', () => {
  it.each([
    ['not JSON', '{oops', 'not valid JSON'],
    ['empty', '', 'empty'],
    ['no contents', {}, 'contents'],
    ['empty contents', { contents: [] }, 'contents'],
    ['a bad role', { contents: [{ role: 'system', parts: [{ text: 'x' }] }] }, 'contents.0.role'],
    ['no parts', { contents: [{ role: 'user', parts: [] }] }, 'contents.0.parts'],
    ['a model turn first', { contents: [{ role: 'model', parts: [{ text: 'x' }] }] }, 'first content must be the user turn'],
    ['a function call without a name', { contents: [userTurn(), { role: 'model', parts: [{ functionCall: { args: {} } }] }] }, 'functionCall.name'],
    ['a non-string model', { model: 5, contents: [userTurn()] }, 'model'],
  ])('%s → 400 with the reason', async (_label, body, reason) => {
    const { generate, calls } = fakeGenerate(modelAnswer([{ text: 'done' }]));
    const { status, json } = await turn(body, { env: ENV, generate });
    expect(status).toBe(400);
    expect(json.error).toContain(reason);
    expect(calls).toHaveLength(0);
  });

  it('refuses a body over the limit with 413 (declared length)', async () => {
    const res = await handleComputerUse(post({ contents: [userTurn()] }, { headers: { 'content-length': String(MAX_COMPUTER_USE_BODY_BYTES + 1) } }), {
      env: ENV,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toContain(String(MAX_COMPUTER_USE_BODY_BYTES));
  });

  it('refuses a body over the limit with 413 while reading (no declared length)', async () => {
    const big = 'A'.repeat(MAX_COMPUTER_USE_BODY_BYTES + 10);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(JSON.stringify({ contents: [{ role: 'user', parts: [{ text: big }] }] })));
        c.close();
      },
    });
    const res = await handleComputerUse(new Request('http://t/api/computer-use', { method: 'POST', body: stream, duplex: 'half' } as RequestInit), {
      env: ENV,
    });
    expect(res.status).toBe(413);
  });
});

describe('POST /api/computer-use: configuration', () => {
  it('without GOOGLE_GENERATIVE_AI_API_KEY answers 500 naming the variable', async () => {
    const { status, json } = await turn({ contents: [userTurn()] }, { env: {} });
    expect(status).toBe(500);
    expect(json.error).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
  });

  it('sends the computerUse tool (browser, no exclusions for the newer action set), thoughts and the default model', async () => {
    const { generate, calls } = fakeGenerate(modelAnswer([{ text: 'done' }]));
    const { status } = await turn({ contents: [userTurn()] }, { env: ENV, generate });
    expect(status).toBe(200);
    const params = at(calls);
    expect(params.model).toBe(DEFAULT_COMPUTER_USE_MODEL);
    expect(params.config?.tools).toEqual([{ computerUse: { environment: 'ENVIRONMENT_BROWSER' } }]);
    expect(params.config?.thinkingConfig).toEqual({ includeThoughts: true });
  });

  it.each([
    ['gemini-2.5-computer-use-preview-10-2025', ['open_web_browser', 'search']],
    ['gemini-3-flash-preview', ['open_web_browser', 'search']],
    ['gemini-3.1-pro-preview', ['open_web_browser', 'search']],
    ['gemini-3.6-flash', undefined],
    ['gemini-3.8-flash', undefined],
  ])('excludes open_web_browser and search only for models whose action set has them (%s)', async (model, excluded) => {
    const { generate, calls } = fakeGenerate(modelAnswer([{ text: 'done' }]));
    await turn({ model, contents: [userTurn()] }, { env: ENV, generate });
    expect(at(calls).config?.tools).toEqual([
      { computerUse: { environment: 'ENVIRONMENT_BROWSER', ...(excluded ? { excludedPredefinedFunctions: excluded } : {}) } },
    ]);
  });

  it('takes the default model from TABSMITH_COMPUTER_USE_MODEL', async () => {
    const { generate, calls } = fakeGenerate(modelAnswer([{ text: 'done' }]));
    const { json } = await turn({ contents: [userTurn()] }, { env: { ...ENV, TABSMITH_COMPUTER_USE_MODEL: 'gemini-3.6-flash' }, generate });
    expect(at(calls).model).toBe('gemini-3.6-flash');
    expect(json.model).toBe('gemini-3.6-flash');
  });

  it('allows a body model only from the allow-list', async () => {
    const { generate, calls } = fakeGenerate(modelAnswer([{ text: 'done' }]));
    expect((await turn({ model: 'gemini-3.6-flash', contents: [userTurn()] }, { env: ENV, generate })).status).toBe(200);
    expect(at(calls).model).toBe('gemini-3.6-flash');
    // A retired model is refused with the one to use instead: in a request, and in the server's configuration.
    const retired = await turn({ model: 'gemini-3.5-flash', contents: [userTurn()] }, { env: ENV, generate });
    expect(retired.status).toBe(400);
    expect(retired.json.error).toContain('gemini-3.5-flash was retired by Google on 2026-10-08 (its requests fail); use gemini-3.8-flash instead');
    const configured = await turn({ contents: [userTurn()] }, { env: { ...ENV, TABSMITH_COMPUTER_USE_MODELS: 'gemini-3.5-flash' }, generate });
    expect(configured.status).toBe(500);
    expect(configured.json.error).toContain('TABSMITH_COMPUTER_USE_MODELS');
    const refused = await turn({ model: 'gemini-9-ultra', contents: [userTurn()] }, { env: ENV, generate });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toContain('"gemini-9-ultra" is not allowed');
    expect(refused.json.error).toContain(DEFAULT_COMPUTER_USE_MODEL);
    const extended = await turn(
      { model: 'gemini-9-ultra', contents: [userTurn()] },
      { env: { ...ENV, TABSMITH_COMPUTER_USE_MODELS: 'gemini-9-ultra, other-1' }, generate },
    );
    expect(extended.status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('rejects a malformed model id in the environment with 500 naming the variable', async () => {
    const { status, json } = await turn(
      { contents: [userTurn()] },
      { env: { ...ENV, TABSMITH_COMPUTER_USE_MODEL: 'bad model!' }, generate: fakeGenerate().generate },
    );
    expect(status).toBe(500);
    expect(json.error).toContain('TABSMITH_COMPUTER_USE_MODEL');
  });
});

describe('POST /api/computer-use: the turn', () => {
  it('returns the candidate content unchanged, the calls with safety decisions, text, thoughts, finish reason and usage', async () => {
    const parts = [
      { text: 'I should click.', thought: true },
      { functionCall: { id: 'c1', name: 'click_at', args: { x: 10, y: 20 } }, thoughtSignature: 'sig' },
      { functionCall: { name: 'click_at', args: { x: 1, y: 2, safety_decision: { decision: 'require_confirmation', explanation: 'Buying' } } } },
      { text: 'Clicking.' },
    ];
    const { generate } = fakeGenerate(modelAnswer(parts));
    const { status, json } = await turn({ contents: [userTurn()] }, { env: ENV, generate });
    expect(status).toBe(200);
    expect(json.candidateContent).toEqual({ role: 'model', parts });
    expect(json.functionCalls).toEqual([
      { id: 'c1', name: 'click_at', args: { x: 10, y: 20 } },
      {
        name: 'click_at',
        args: { x: 1, y: 2, safety_decision: { decision: 'require_confirmation', explanation: 'Buying' } },
        safetyDecision: { decision: 'require_confirmation', explanation: 'Buying' },
      },
    ]);
    expect(json.text).toBe('Clicking.');
    expect(json.thoughts).toBe('I should click.');
    expect(json.finishReason).toBe('STOP');
    expect(json.usage).toEqual({ promptTokens: 10, outputTokens: 3, thoughtsTokens: 2, totalTokens: 15 });
  });

  it('keeps screenshots only in the last 3 turns that carry them (older ones become a text note)', async () => {
    const { generate, calls } = fakeGenerate(modelAnswer([{ text: 'done' }]));
    expect(images(pruningFixture.contents)).toEqual([
      'SCREENSHOT-0',
      'SCREENSHOT-1',
      'SCREENSHOT-2',
      'SCREENSHOT-3',
      'SCREENSHOT-4',
      'SCREENSHOT-5',
      'SCREENSHOT-6',
    ]);
    const { status } = await turn({ contents: pruningFixture.contents }, { env: ENV, generate });
    expect(status).toBe(200);
    const sent = at(calls).contents as Content[];
    expect(images(sent)).toEqual(['SCREENSHOT-4', 'SCREENSHOT-5', 'SCREENSHOT-6']);
    expect(at(at(sent).parts, 1)).toEqual({ text: PRUNED_SCREENSHOT_TEXT });
    const pruned = at(at(sent, 4).parts, 1).functionResponse;
    expect(pruned?.parts).toBeUndefined();
    expect(pruned?.response).toEqual({ url: 'http://preview.local/', screenshot: PRUNED_SCREENSHOT_TEXT });
    expect(pruned?.id).toBe('b2');
    // thought signatures and the rest of the history are untouched
    expect(sent.filter((c) => c.role === 'model')).toEqual(pruningFixture.contents.filter((c) => c.role === 'model'));
    expect(at(at(sent, 10).parts, 1)).toEqual({ text: 'a note from the user' });
  });

  it('pruning does not change its input and keeps everything when there are few turns', () => {
    const copy = JSON.parse(JSON.stringify(pruningFixture.contents)) as Content[];
    pruneScreenshots(pruningFixture.contents);
    expect(pruningFixture.contents).toEqual(copy);
    expect(images(pruneScreenshots(pruningFixture.contents, 10))).toHaveLength(7);
    expect(images(pruneScreenshots(pruningFixture.contents, 1))).toEqual(['SCREENSHOT-6']);
  });

  it('retries once on MALFORMED_FUNCTION_CALL with nothing else', async () => {
    const malformed = response({ candidates: [{ content: { role: 'model', parts: [] }, finishReason: FinishReason.MALFORMED_FUNCTION_CALL }] });
    const { generate, calls } = fakeGenerate(malformed, modelAnswer([{ text: 'fine now' }]));
    const { status, json } = await turn({ contents: [userTurn()] }, { env: ENV, generate });
    expect(status).toBe(200);
    expect(json.text).toBe('fine now');
    expect(calls).toHaveLength(2);
  });

  it('gives up after a second malformed call with 502', async () => {
    const malformed = response({ candidates: [{ finishReason: FinishReason.MALFORMED_FUNCTION_CALL }] });
    const { generate, calls } = fakeGenerate(malformed);
    const { status, json } = await turn({ contents: [userTurn()] }, { env: ENV, generate });
    expect(status).toBe(502);
    expect(json.error).toContain('malformed function call');
    expect(calls).toHaveLength(2);
  });

  it('a blocked prompt is a 422 with the reason', async () => {
    const { generate } = fakeGenerate(response({ candidates: [], promptFeedback: { blockReason: 'SAFETY' as never } }));
    const { status, json } = await turn({ contents: [userTurn()] }, { env: ENV, generate });
    expect(status).toBe(422);
    expect(json.error).toContain('blocked the request (SAFETY)');
  });

  it('a candidate stopped by safety with nothing in it is a 422', async () => {
    const { generate } = fakeGenerate(response({ candidates: [{ finishReason: FinishReason.SAFETY }] }));
    const { status, json } = await turn({ contents: [userTurn()] }, { env: ENV, generate });
    expect(status).toBe(422);
    expect(json.error).toContain('SAFETY');
  });

  it('an exhausted quota is a 429 with a clear message (not retried)', async () => {
    const { generate, calls } = fakeGenerate(
      new ApiError({
        status: 429,
        message: '{"error":{"code":429,"message":"You exceeded your current quota, check your plan and billing","status":"RESOURCE_EXHAUSTED"}}',
      }),
    );
    const { status, json } = await turn({ contents: [userTurn()] }, { env: ENV, generate });
    expect(status).toBe(429);
    expect(json.error).toContain('quota is used up');
    expect(calls).toHaveLength(1);
  });

  it('a rejected key is reported without the key', async () => {
    const { generate } = fakeGenerate(new ApiError({ status: 400, message: `API key not valid. Please pass a valid API key. API_KEY_INVALID` }));
    const res = await handleComputerUse(post({ contents: [userTurn()] }), { env: ENV, generate, retry: NO_SLEEP });
    const text = await res.text();
    expect(res.status).toBe(502);
    expect(text).toContain('rejected the API key');
    expect(text).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
    expect(text).not.toContain(KEY);
  });

  it('retries a 503 with backoff, then answers', async () => {
    const { generate, calls } = fakeGenerate(new ApiError({ status: 503, message: 'overloaded' }), modelAnswer([{ text: 'ok' }]));
    const { status, json } = await turn({ contents: [userTurn()] }, { env: ENV, generate });
    expect(status).toBe(200);
    expect(json.text).toBe('ok');
    expect(calls).toHaveLength(2);
  });

  it('a 503 that persists is a 503 saying it was retried', async () => {
    const { generate, calls } = fakeGenerate(new ApiError({ status: 503, message: 'overloaded' }));
    const { status, json } = await turn({ contents: [userTurn()] }, { env: ENV, generate });
    expect(status).toBe(503);
    expect(json.error).toContain('retried');
    expect(calls).toHaveLength(NO_SLEEP.maxRetries + 1);
  });
});
