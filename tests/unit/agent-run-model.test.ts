/**
 * One model per agent run: the run's user message fixes the mode (a selector changed mid-run applies from the
 * next message), and another model's thought signatures never reach the model that answers now.
 */
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { handleChat } from '@/lib/agent/server/chat';
import type { AgentMode, IdeUIMessage } from '@/lib/agent/messages';
import type { ModelFactory } from '@/lib/agent/server/providers';
import { neutralizeForeignSignatures, runModeOf } from '@/lib/agent/server/run-model';

const finish: LanguageModelV4StreamPart = {
  type: 'finish',
  finishReason: { unified: 'stop', raw: undefined },
  usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
};

function mockFactory() {
  const models: MockLanguageModelV4[] = [];
  const createModel: ModelFactory = (config) => {
    const model = new MockLanguageModelV4({ modelId: config.model, doStream: async () => ({ stream: simulateReadableStream({ chunks: [finish] }) }) });
    models.push(model);
    return model;
  };
  return { createModel, models };
}

const SIGNATURE = { google: { thoughtSignature: 'sig-from-flash' } };

const user = (text: string, mode?: AgentMode): IdeUIMessage => ({
  id: `u-${text}`,
  role: 'user',
  parts: [{ type: 'text', text }],
  ...(mode ? { metadata: { mode } } : {}),
});

/** An assistant step that called run_sh, as the chat stores it (signature on the reasoning and the call). */
const assistant = (model: string, mode: AgentMode): IdeUIMessage => ({
  id: `a-${model}`,
  role: 'assistant',
  metadata: { mode, model },
  parts: [
    { type: 'step-start' },
    { type: 'reasoning', text: 'I should list the files.', state: 'done', providerMetadata: SIGNATURE },
    {
      type: 'tool-run_sh',
      toolCallId: 'c1',
      state: 'output-available',
      input: { cmd: 'ls' },
      output: { ok: true, exitCode: 0, output: 'a.js', durationMs: 4, timedOut: false, background: false },
      callProviderMetadata: SIGNATURE,
    },
  ],
});

const post = (messages: IdeUIMessage[], mode: AgentMode) => new Request('http://t/api/ai', { method: 'POST', body: JSON.stringify({ messages, mode }) });

describe('one model per run', () => {
  it('the run keeps the mode its user message was sent with, whatever the request says later', () => {
    expect(runModeOf([user('go', 'fast'), assistant('gemini-3.5-flash-lite', 'fast')], 'deep')).toBe('fast');
    expect(runModeOf([user('go')], 'deep')).toBe('deep');
    expect(runModeOf([user('first', 'fast'), assistant('x', 'fast'), user('second', 'deep')], 'fast')).toBe('deep');
  });

  it('a mode switch mid-run: the next step still goes to the model the run started on', async () => {
    const { createModel, models } = mockFactory();
    // The user switched the selector to Deep while a Fast run was between steps; the resubmission says deep.
    const res = await handleChat(post([user('count', 'fast'), assistant('gemini-3.5-flash-lite', 'fast')], 'deep'), { env: {}, createModel });
    await res.text();
    expect(res.headers.get('X-Agent-Mode')).toBe('fast');
    expect(models.map((m) => m.modelId)).toEqual(['gemini-3.5-flash-lite']);
    // Its own signature goes back unchanged to the model that made it.
    const prompt = models[0]?.doStreamCalls[0]?.prompt ?? [];
    const call = prompt.flatMap((m) => (m.role === 'assistant' && Array.isArray(m.content) ? m.content : [])).find((p) => p.type === 'tool-call');
    expect(call?.providerOptions).toEqual(SIGNATURE);
  });

  it("the next user message in another mode runs on that mode's model, without the previous model's signatures", async () => {
    const { createModel, models } = mockFactory();
    const history = [user('count', 'fast'), assistant('gemini-3.5-flash-lite', 'fast'), user('now think hard', 'deep')];
    await (await handleChat(post(history, 'deep'), { env: {}, createModel })).text();
    expect(models.map((m) => m.modelId)).toEqual(['gemini-3.1-pro-preview']);
    const prompt = models[0]?.doStreamCalls[0]?.prompt ?? [];
    const parts = prompt.flatMap((m) => (m.role === 'assistant' && Array.isArray(m.content) ? m.content : []));
    expect(parts.map((p) => p.type)).toEqual(['tool-call']);
    expect(parts[0]?.providerOptions).toBeUndefined();
    expect(JSON.stringify(prompt)).not.toContain('sig-from-flash');
  });

  it('messages saved before models were recorded are left as they are', () => {
    const legacy: IdeUIMessage = { ...assistant('x', 'fast'), metadata: { mode: 'fast' } };
    expect(neutralizeForeignSignatures([legacy], 'gemini-3.1-pro-preview')[0]).toBe(legacy);
  });
});
