import { parseJsonEventStream, readUIMessageStream, simulateReadableStream, uiMessageChunkSchema, type UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { APICallError } from '@ai-sdk/provider';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { handleChat } from '@/lib/agent/server/chat';
import { MAX_CHAT_BODY_BYTES, type IdeUIMessage } from '@/lib/agent/messages';
import type { ModeConfig } from '@/lib/agent/server/modes';
import type { ModelFactory } from '@/lib/agent/server/providers';
import { shellCallMessage } from './agent-shell-call';

/** The i-th item, or a test failure (instead of a non-null assertion). */
const at = <T>(items: readonly T[], i = 0): T => {
  const item = items[i];
  if (item === undefined) throw new Error(`expected an item at ${i}`);
  return item;
};

const usage = {
  inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 3, reasoning: 2 },
};

const textChunks = (text: string): LanguageModelV4StreamPart[] => [
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: text },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
];

function mockFactory(chunks: LanguageModelV4StreamPart[] = textChunks('Hi.')) {
  const models: MockLanguageModelV4[] = [];
  const configs: ModeConfig[] = [];
  const createModel: ModelFactory = (config) => {
    const model = new MockLanguageModelV4({ modelId: config.model, doStream: async () => ({ stream: simulateReadableStream({ chunks }) }) });
    models.push(model);
    configs.push(config);
    return model;
  };
  return { createModel, models, configs };
}

const userMessage = (text: string): IdeUIMessage => ({ id: 'u1', role: 'user', parts: [{ type: 'text', text }] });

function post(body: unknown, init: RequestInit = {}) {
  return new Request('http://t/api/ai', { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), ...init });
}

async function chunksOf(res: Response): Promise<UIMessageChunk[]> {
  const parsed = parseJsonEventStream({ stream: res.body ?? new ReadableStream(), schema: uiMessageChunkSchema });
  const out: UIMessageChunk[] = [];
  const reader = parsed.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.success) out.push(value.value as UIMessageChunk);
  }
  return out;
}

async function lastMessage(chunks: UIMessageChunk[]): Promise<IdeUIMessage | undefined> {
  const stream = new ReadableStream<UIMessageChunk>({ start: (c) => (chunks.forEach((chunk) => c.enqueue(chunk)), c.close()) });
  let last: IdeUIMessage | undefined;
  for await (const message of readUIMessageStream<IdeUIMessage>({ stream })) last = message;
  return last;
}

describe('POST /api/ai', () => {
  it.each([
    // No temperature: Gemini 3 and later deprecate sampling parameters.
    ['fast', 'gemini-3.5-flash-lite', undefined, { thinkingLevel: 'minimal' }],
    ['balanced', 'gemini-3.8-flash', undefined, { thinkingLevel: 'medium' }],
    ['deep', 'gemini-3.1-pro-preview', undefined, { thinkingLevel: 'high', includeThoughts: true }],
  ] as const)('%s mode sends its model and thinking config to the model, and no sampling parameter', async (mode, modelId, temperature, thinkingConfig) => {
    const { createModel, models } = mockFactory();
    const res = await handleChat(post({ messages: [userMessage('hello')], mode }), { env: {}, createModel });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Agent-Mode')).toBe(mode);
    await res.text();
    const call = at(at(models).doStreamCalls);
    expect(at(models).modelId).toBe(modelId);
    expect(call.temperature).toBe(temperature);
    expect(call.providerOptions).toEqual({ google: { thinkingConfig } });
    expect(call.tools?.map((tool) => tool.name)).toContain('fs_editFile');
    // preview_check (a computer-use session on the preview) is declared to balanced and deep mode.
    expect(call.tools?.some((tool) => tool.name === 'preview_check')).toBe(mode !== 'fast');
    expect(call.prompt[0]).toMatchObject({ role: 'system' });
  });

  it('streams text with mode, step cap and usage in the message metadata', async () => {
    const { createModel } = mockFactory();
    const res = await handleChat(post({ messages: [userMessage('hello')], mode: 'fast' }), { env: {}, createModel });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const chunks = await chunksOf(res);
    expect(chunks[0]).toMatchObject({ type: 'start', messageMetadata: { mode: 'fast', model: 'gemini-3.5-flash-lite', maxSteps: 3 } });
    expect(typeof (chunks[0] as { messageId?: string }).messageId).toBe('string');
    const message = await lastMessage(chunks);
    expect(message?.metadata).toMatchObject({ mode: 'fast', usage: { inputTokens: 12, outputTokens: 5, reasoningTokens: 2, totalTokens: 17 } });
    expect(message?.parts.find((p) => p.type === 'text')).toMatchObject({ text: 'Hi.' });
  });

  it('streams a tool call without executing it (finish reason tool-calls)', async () => {
    const { createModel } = mockFactory([
      { type: 'tool-call', toolCallId: 'c1', toolName: 'fs_writeFile', input: JSON.stringify({ path: 'a.js', content: 'x' }) },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
    ]);
    const res = await handleChat(post({ messages: [userMessage('write a.js')] }), { env: {}, createModel });
    const chunks = await chunksOf(res);
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'tool-input-available', toolName: 'fs_writeFile', input: { path: 'a.js', content: 'x' } }));
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
  });

  it('puts the bounded workspace summary into the instructions', async () => {
    const { createModel, models } = mockFactory();
    const files = Array.from({ length: 1000 }, (_, i) => `src/f${i}.js`);
    const workspaceState = { files, lastCommand: 'npm run dev', serverRunning: true, openPorts: [5173], installedPackages: ['react'] };
    await (await handleChat(post({ messages: [userMessage('hi')], workspaceState }), { env: {}, createModel })).text();
    const system = at(at(at(models).doStreamCalls).prompt);
    expect(system.role).toBe('system');
    const text = system.content as string;
    expect(text).toMatch(/^src\/ 1000$/m);
    expect(text).toContain('Last command: npm run dev');
    expect(text).toContain('Open ports: 5173');
    expect(text.length).toBeLessThan(12_000);
  });

  it.each([
    [{}, 'messages'],
    [{ messages: [] }, 'messages'],
    [{ messages: [userMessage('x')], mode: 'turbo' }, 'mode'],
    [{ messages: [{ role: 'user', parts: [] }] }, 'messages.0.id'],
    [{ messages: [userMessage('x')], workspaceState: { openPorts: ['3000'] } }, 'workspaceState.openPorts'],
  ])('answers 400 with the reason for %o', async (body, reason) => {
    const res = await handleChat(post(body), { env: {}, createModel: mockFactory().createModel });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(reason);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await handleChat(post('{nope'), { env: {}, createModel: mockFactory().createModel });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Request body is not valid JSON.' });
  });

  it('answers 413 when Content-Length is over the limit, before reading', async () => {
    const req = post('{}', { headers: { 'content-length': String(MAX_CHAT_BODY_BYTES + 1) } });
    const res = await handleChat(req, { env: {}, createModel: mockFactory().createModel });
    expect(res.status).toBe(413);
  });

  it('answers 413 when the body read is over the limit even without Content-Length', async () => {
    const big = JSON.stringify({ messages: [userMessage('x'.repeat(MAX_CHAT_BODY_BYTES))] });
    const encoded = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < encoded.length; i += 65_536) controller.enqueue(encoded.slice(i, i + 65_536));
        controller.close();
      },
    });
    const req = new Request('http://t/api/ai', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(req.headers.get('content-length')).toBeNull();
    const res = await handleChat(req, { env: {}, createModel: mockFactory().createModel });
    expect(res.status).toBe(413);
  });

  it('names GOOGLE_GENERATIVE_AI_API_KEY when the key is missing (and never returns a key)', async () => {
    const res = await handleChat(post({ messages: [userMessage('hi')] }), { env: {} });
    expect(res.status).toBe(500);
    const { error } = (await res.json()) as { error: string };
    expect(error).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
  });

  it('reports a bad env override as a 500 that names the variable', async () => {
    const res = await handleChat(post({ messages: [userMessage('hi')], mode: 'deep' }), {
      env: { TABSMITH_DEEP_STEPS: 'many' },
      createModel: mockFactory().createModel,
    });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: string }).error).toContain('TABSMITH_DEEP_STEPS');
  });

  it('applies a mode override from env', async () => {
    const { createModel, models } = mockFactory();
    const env = { TABSMITH_BALANCED_MODEL: 'gemini-2.5-flash-lite', TABSMITH_BALANCED_THINKING: '512', TABSMITH_BALANCED_TEMPERATURE: '0.3' };
    await (await handleChat(post({ messages: [userMessage('hi')] }), { env, createModel })).text();
    expect(at(models).modelId).toBe('gemini-2.5-flash-lite');
    expect(at(models).doStreamCalls[0]).toMatchObject({ temperature: 0.3, providerOptions: { google: { thinkingConfig: { thinkingBudget: 512 } } } });
  });

  it('turns a quota error into a clear chat error', async () => {
    const quota = new APICallError({
      message: 'Resource has been exhausted (e.g. check quota).',
      url: 'http://model',
      requestBodyValues: {},
      statusCode: 429,
      responseBody: '{"error":{"status":"RESOURCE_EXHAUSTED","message":"You exceeded your current quota"}}',
      isRetryable: true,
    });
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const createModel: ModelFactory = () =>
      new MockLanguageModelV4({
        doStream: async () => {
          throw quota;
        },
      });
    const res = await handleChat(post({ messages: [userMessage('hi')] }), { env: {}, createModel });
    const chunks = await chunksOf(res);
    errorSpy.mockRestore();
    const error = chunks.find((c) => c.type === 'error') as { errorText: string } | undefined;
    expect(error?.errorText).toContain('quota');
    expect(error?.errorText).toContain('RESOURCE_EXHAUSTED');
  });

  it('converts a resubmitted conversation with tool results back to model messages', async () => {
    const { createModel, models } = mockFactory();
    const assistant = shellCallMessage({
      state: 'output-available',
      input: { cmd: 'ls' },
      output: { ok: true, exitCode: 0, output: 'a.js', durationMs: 4, timedOut: false, background: false },
    });
    await (await handleChat(post({ messages: [userMessage('list'), assistant] }), { env: {}, createModel })).text();
    const prompt = at(at(models).doStreamCalls).prompt;
    expect(prompt.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
  });
});

describe('POST /api/ai: message part types', () => {
  const chat = (parts: unknown[]) => post({ messages: [{ id: 'u1', role: 'user', parts }] });
  const streamCalls = (models: MockLanguageModelV4[]) => models.reduce((n, model) => n + model.doStreamCalls.length, 0);

  it.each([
    [
      'an unknown type',
      [
        { type: 'text', text: 'hi' },
        { type: 'shell-command', command: 'rm -rf /' },
      ],
      'unknown message part type "shell-command"',
    ],
    ['a data part (this app declares none)', [{ type: 'data-secret', data: 1 }], 'unknown message part type "data-secret"'],
    [
      'a tool part for a tool the agent does not have',
      [{ type: 'tool-os_exec', toolCallId: 'c1', state: 'input-available', input: {} }],
      'unknown message part type "tool-os_exec"',
    ],
    ['a part without a type', [{ text: 'hi' }], 'string "type"'],
  ])('refuses %s with 400 before any model call', async (_label, parts, reason) => {
    const { createModel, models } = mockFactory();
    const res = await handleChat(chat(parts), { env: {}, createModel });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(reason);
    expect(streamCalls(models)).toBe(0);
  });

  it('still takes text, reasoning and step-start parts', async () => {
    const { createModel, models } = mockFactory();
    const res = await handleChat(chat([{ type: 'step-start' }, { type: 'reasoning', text: 'thinking' }, { type: 'text', text: 'hello' }]), {
      env: {},
      createModel,
    });
    expect(res.status).toBe(200);
    await res.text();
    expect(streamCalls(models)).toBe(1);
  });
});
