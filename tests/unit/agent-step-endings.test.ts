import { parseJsonEventStream, readUIMessageStream, simulateReadableStream, uiMessageChunkSchema, type UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { handleChat } from '@/lib/agent/server/chat';
import { markEmptySteps } from '@/lib/agent/server/empty-steps';
import type { IdeUIMessage } from '@/lib/agent/messages';
import { getModeConfig } from '@/lib/agent/server/modes';
import type { ModelFactory } from '@/lib/agent/server/providers';
import { EMPTY_STEP_TEXT, endingProblem, NUDGE_TEXT, type StepEnding } from '@/lib/agent/step-ending';

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
const finish = (unified: 'stop' | 'length' | 'content-filter' | 'error' | 'other', raw?: string): LanguageModelV4StreamPart => ({
  type: 'finish',
  finishReason: { unified, raw },
  usage,
});
const text = (value: string): LanguageModelV4StreamPart[] => [
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: value },
  { type: 'text-end', id: 't' },
];

function modelWith(chunks: LanguageModelV4StreamPart[]) {
  const models: MockLanguageModelV4[] = [];
  const createModel: ModelFactory = (config) => {
    const model = new MockLanguageModelV4({ modelId: config.model, doStream: async () => ({ stream: simulateReadableStream({ chunks }) }) });
    models.push(model);
    return model;
  };
  return { createModel, models };
}

const user = (value: string): IdeUIMessage => ({ id: 'u1', role: 'user', parts: [{ type: 'text', text: value }] });

async function answer(res: Response): Promise<IdeUIMessage | undefined> {
  const parsed = parseJsonEventStream({ stream: res.body ?? new ReadableStream(), schema: uiMessageChunkSchema });
  const chunks: UIMessageChunk[] = [];
  const reader = parsed.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.success) chunks.push(value.value as UIMessageChunk);
  }
  let last: IdeUIMessage | undefined;
  const stream = new ReadableStream<UIMessageChunk>({ start: (c) => (chunks.forEach((chunk) => c.enqueue(chunk)), c.close()) });
  for await (const message of readUIMessageStream<IdeUIMessage>({ stream })) last = message;
  return last;
}

const post = (body: unknown) => new Request('http://t/api/ai', { method: 'POST', body: JSON.stringify(body) });

describe('a step’s ending in the message metadata', () => {
  it.each([
    ['SAFETY', [finish('content-filter', 'SAFETY')], { reason: 'content-filter', raw: 'SAFETY', empty: true }, 'blocked'],
    ['MAX_TOKENS', [...text('half an ans'), finish('length', 'MAX_TOKENS')], { reason: 'length', raw: 'MAX_TOKENS', empty: false }, 'cut-off'],
    ['MALFORMED_FUNCTION_CALL', [finish('error', 'MALFORMED_FUNCTION_CALL')], { reason: 'error', raw: 'MALFORMED_FUNCTION_CALL', empty: true }, 'malformed'],
    ['an empty STOP', [finish('stop', 'STOP')], { reason: 'stop', raw: 'STOP', empty: true }, 'empty'],
    ['a whitespace-only STOP', [...text('  \n'), finish('stop', 'STOP')], { reason: 'stop', empty: true }, 'empty'],
  ] as const)('%s is recorded with the mode’s output cap, and the chat names the problem', async (_name, chunks, expected, kind) => {
    const { createModel } = modelWith([...chunks]);
    const message = await answer(await handleChat(post({ messages: [user('go')], mode: 'balanced' }), { env: {}, createModel }));
    const ending = message?.metadata?.ending;
    expect(ending).toMatchObject({ ...expected, maxOutputTokens: 32_768 });
    expect(endingProblem(ending)?.kind).toBe(kind);
  });

  it('a normal answer has an ending with no problem, and every field present so it replaces the last step’s', async () => {
    const { createModel } = modelWith([...text('Done.'), finish('stop')]);
    const message = await answer(await handleChat(post({ messages: [user('go')], mode: 'fast' }), { env: {}, createModel }));
    expect(message?.metadata?.ending).toEqual({ reason: 'stop', raw: null, empty: false, maxOutputTokens: 16_384 });
    expect(endingProblem(message?.metadata?.ending)).toBeNull();
  });

  it('sends each mode’s output cap to the model, and none for other providers unless the env sets one', async () => {
    const { createModel, models } = modelWith([...text('ok'), finish('stop')]);
    await (await handleChat(post({ messages: [user('go')], mode: 'deep' }), { env: {}, createModel })).text();
    expect(models[0]?.doStreamCalls[0]?.maxOutputTokens).toBe(65_536);
    expect(getModeConfig('fast', {}, { providerIsGemini: false }).maxOutputTokens).toBeUndefined();
    expect(getModeConfig('fast', { TABSMITH_FAST_MAX_OUTPUT_TOKENS: '4096' }, { providerIsGemini: false }).maxOutputTokens).toBe(4096);
    expect(() => getModeConfig('fast', { TABSMITH_FAST_MAX_OUTPUT_TOKENS: 'lots' })).toThrow('TABSMITH_FAST_MAX_OUTPUT_TOKENS="lots" is not valid');
  });

  it('a nudge reaches the model as a last user message, and empty steps before it read as such', async () => {
    const { createModel, models } = modelWith([...text('ok'), finish('stop')]);
    const emptyStep: IdeUIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }] };
    await (await handleChat(post({ messages: [user('go'), emptyStep], mode: 'fast', nudge: 'retry' }), { env: {}, createModel })).text();
    const prompt = models[0]?.doStreamCalls[0]?.prompt ?? [];
    expect(prompt.slice(-2)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: EMPTY_STEP_TEXT }] },
      { role: 'user', content: [{ type: 'text', text: NUDGE_TEXT.retry }] },
    ]);
  });

  it('refuses a nudge it does not know', async () => {
    const res = await handleChat(post({ messages: [user('go')], nudge: 'try harder' }), { env: {}, createModel: modelWith([]).createModel });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('nudge');
  });
});

describe('endingProblem', () => {
  const ending = (patch: Partial<StepEnding>): StepEnding => ({ reason: 'stop', raw: null, empty: false, maxOutputTokens: null, ...patch });

  it('offers Continue after the output limit, naming the cap', () => {
    expect(endingProblem(ending({ reason: 'length', maxOutputTokens: 16_384 }))).toMatchObject({
      next: 'continue',
      automatic: false,
      text: expect.stringContaining('output limit of 16,384 tokens'),
    });
  });

  it('retries empty and malformed steps by itself, but not a safety block or an unexplained stop', () => {
    expect(endingProblem(ending({ empty: true }))?.automatic).toBe(true);
    expect(endingProblem(ending({ reason: 'error', raw: 'MALFORMED_FUNCTION_CALL', empty: true }))?.automatic).toBe(true);
    expect(endingProblem(ending({ reason: 'content-filter', raw: 'PROHIBITED_CONTENT', empty: true }))).toMatchObject({
      automatic: false,
      text: expect.stringContaining('PROHIBITED_CONTENT'),
    });
    expect(endingProblem(ending({ reason: 'other', raw: 'RECITATION' }))).toMatchObject({ kind: 'other', automatic: false });
  });

  it('has nothing to say about an answer or a step that asked for tools', () => {
    expect(endingProblem(ending({}))).toBeNull();
    expect(endingProblem(ending({ reason: 'tool-calls' }))).toBeNull();
    expect(endingProblem(undefined)).toBeNull();
  });
});

describe('markEmptySteps', () => {
  it('gives each step with no content a text saying so, and leaves other messages as they were', () => {
    const answered: IdeUIMessage = { id: 'a0', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Hi', state: 'done' }] };
    const twoEmpty: IdeUIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [{ type: 'step-start' }, { type: 'step-start' }, { type: 'text', text: 'At last', state: 'done' }],
    };
    const asked = user('go');
    const [first, second, third] = markEmptySteps([asked, answered, twoEmpty]);
    expect(first).toBe(asked);
    expect(second).toBe(answered);
    expect(third?.parts.map((part) => (part.type === 'text' ? part.text : part.type))).toEqual(['step-start', EMPTY_STEP_TEXT, 'step-start', 'At last']);
  });
});
