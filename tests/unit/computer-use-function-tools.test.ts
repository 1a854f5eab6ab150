import type { Content } from '@google/genai';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toActions } from '@/lib/computer-use/actions';
import { readComputerUseConfig } from '@/lib/computer-use/server/config';
import { callFromFunction, functionFromCall } from '@/lib/computer-use/server/function-tools';
import { toFunctionMessages } from '@/lib/computer-use/server/function-turns';
import { handleComputerUse } from '@/lib/computer-use/server/handler';
import type { TurnResponse } from '@/lib/computer-use/session-protocol';

/**
 * Computer use with a vision model on an OpenAI-compatible server: the generic and Claude-style action sets as
 * function tools, the conversation as chat messages with the screenshots as images, and the answer as a turn
 * whose calls the session's adapters map.
 */
const ENV = { TABSMITH_MODEL_PROVIDER: 'openai-compatible', TABSMITH_OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', TABSMITH_OPENAI_MODEL: 'qwen3-vl' };
const NO_SLEEP = { maxRetries: 1, initialDelayMs: 1, maxDelayMs: 1, sleep: async () => undefined, waitBudgetMs: 1_000 };
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 4, text: 4, reasoning: undefined },
};

/** Screenshots as the session sends them: base64 image data. */
const SHOT1 = Buffer.from('first screenshot').toString('base64');
const SHOT2 = Buffer.from('second screenshot').toString('base64');

/** The images a prompt message carries, as base64, whatever form the SDK converted them to. */
function imagesIn(message: unknown): string[] {
  const parts = (message as { content?: unknown }).content;
  if (!Array.isArray(parts)) return [];
  return parts.flatMap((part: { type?: string; mediaType?: string; data?: unknown }) => {
    if (part.type !== 'file' || !part.mediaType?.startsWith('image/')) return [];
    const { data } = part;
    return [
      typeof data === 'string' ? data : data instanceof Uint8Array ? Buffer.from(data).toString('base64') : String((data as { data?: unknown })?.data ?? ''),
    ];
  });
}

const firstTurn: Content = { role: 'user', parts: [{ text: 'Add a todo called milk' }, { inlineData: { mimeType: 'image/png', data: SHOT1 } }] };

function answering(...answers: { toolCalls?: { name: string; input: object }[]; text?: string }[]) {
  const prompts: LanguageModelV4CallOptions[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      prompts.push(options);
      const answer = answers[Math.min(prompts.length - 1, answers.length - 1)] ?? {};
      const content = [
        ...(answer.text ? [{ type: 'text' as const, text: answer.text }] : []),
        ...(answer.toolCalls ?? []).map((call, i) => ({
          type: 'tool-call' as const,
          toolCallId: `c${prompts.length}_${i}`,
          toolName: call.name,
          input: JSON.stringify(call.input),
        })),
      ];
      return { content, finishReason: { unified: content.some((c) => c.type === 'tool-call') ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] };
    },
  });
  return { model, prompts };
}

async function turn(contents: Content[], env: Record<string, string>, model: MockLanguageModelV4): Promise<TurnResponse & { error?: string }> {
  const res = await handleComputerUse(new Request('http://t/api/computer-use', { method: 'POST', body: JSON.stringify({ contents }) }), {
    env,
    retry: NO_SLEEP,
    createFunctionModel: () => model,
  });
  return (await res.json()) as TurnResponse & { error?: string };
}

describe('the action sets as function tools', () => {
  it('a Claude-style call is reported under its action, and goes back to the model as the computer function', () => {
    expect(callFromFunction('claude', 'computer', { action: 'left_click', coordinate: [10, 20] })).toEqual({
      name: 'left_click',
      args: { coordinate: [10, 20] },
    });
    expect(functionFromCall('claude', 'left_click', { coordinate: [10, 20] })).toEqual({
      toolName: 'computer',
      input: { action: 'left_click', coordinate: [10, 20] },
    });
    expect(callFromFunction('generic', 'click', { x: 1, y: 2 })).toEqual({ name: 'click', args: { x: 1, y: 2 } });
  });

  it('the server refuses an unknown action set by name', () => {
    expect(() => readComputerUseConfig({ ...ENV, TABSMITH_COMPUTER_USE_ACTIONS: 'xdotool' })).toThrow(
      'TABSMITH_COMPUTER_USE_ACTIONS="xdotool" is not valid: expected one of generic, claude.',
    );
    expect(readComputerUseConfig(ENV)).toMatchObject({
      provider: 'openai-compatible',
      actionSet: 'generic',
      defaultModel: 'qwen3-vl',
      allowedModels: ['qwen3-vl'],
    });
  });
});

describe('a turn on the OpenAI-compatible provider', () => {
  it('generic: the model gets the tools and the screenshot; its call comes back as a turn the generic adapter maps', async () => {
    const { model, prompts } = answering({ toolCalls: [{ name: 'click', input: { x: 640, y: 360 } }] });
    const response = await turn([firstTurn], ENV, model);
    expect(response.error).toBeUndefined();
    expect(response.actionSource).toBe('generic');
    expect(response.functionCalls).toEqual([{ id: 'c1_0', name: 'click', args: { x: 640, y: 360 } }]);
    const sent = prompts[0];
    expect(sent?.tools?.map((t) => t.name).sort()).toEqual([
      'click',
      'double_click',
      'drag',
      'keypress',
      'move',
      'right_click',
      'screenshot',
      'scroll',
      'type',
      'wait',
    ]);
    expect(sent?.prompt.flatMap(imagesIn)).toEqual([SHOT1]);
    // A 1280×720 screenshot of a 640×360 viewport: the adapter halves the pixels.
    expect(toActions('generic', 'click', response.functionCalls[0]?.args, { width: 640, height: 360 }, { screen: { width: 1280, height: 720 } })).toEqual([
      { type: 'click', x: 320, y: 180, button: 'left' },
    ]);
  });

  it('claude: one computer tool; the next request carries the call, its result and the new screenshot as an image', async () => {
    const env = { ...ENV, TABSMITH_COMPUTER_USE_ACTIONS: 'claude' };
    const first = answering({ toolCalls: [{ name: 'computer', input: { action: 'type', text: 'milk' } }] });
    const response = await turn([firstTurn], env, first.model);
    expect(response.functionCalls).toEqual([{ id: 'c1_0', name: 'type', args: { text: 'milk' } }]);
    expect(first.prompts[0]?.tools?.map((t) => t.name)).toEqual(['computer']);

    const after: Content = {
      role: 'user',
      parts: [
        {
          functionResponse: { id: 'c1_0', name: 'type', response: { url: 'http://preview/' }, parts: [{ inlineData: { mimeType: 'image/png', data: SHOT2 } }] },
        },
      ],
    };
    const second = answering({ text: 'Added "milk" to the list.' });
    const done = await turn([firstTurn, response.candidateContent, after], env, second.model);
    expect(done).toMatchObject({ text: 'Added "milk" to the list.', functionCalls: [], actionSource: 'claude' });
    const prompt = second.prompts[0]?.prompt ?? [];
    const assistant = prompt.find((message) => message.role === 'assistant');
    expect(assistant?.content).toContainEqual(
      expect.objectContaining({ type: 'tool-call', toolCallId: 'c1_0', toolName: 'computer', input: { action: 'type', text: 'milk' } }),
    );
    const toolIndex = prompt.findIndex((message) => message.role === 'tool');
    expect(prompt[toolIndex]?.content).toContainEqual(expect.objectContaining({ type: 'tool-result', toolCallId: 'c1_0', toolName: 'computer' }));
    expect(prompt[toolIndex + 1]?.role).toBe('user');
    expect(imagesIn(prompt[toolIndex + 1])).toEqual([SHOT2]);
  });

  it('an answer with neither a call nor text is asked again once, then reported', async () => {
    const { model, prompts } = answering({}, {});
    const response = await turn([firstTurn], ENV, model);
    expect(prompts).toHaveLength(2);
    expect(response.error).toMatch(/neither an action nor an answer/);
  });

  it('calls without ids are matched to their results by name', () => {
    const messages = toFunctionMessages(
      [
        firstTurn,
        { role: 'model', parts: [{ functionCall: { name: 'wait', args: { ms: 500 } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'wait', response: { url: 'u' } } }] },
      ],
      'generic',
    );
    const call = messages[1]?.content;
    const result = messages[2]?.content;
    expect(call).toEqual([{ type: 'tool-call', toolCallId: 'call_1_0', toolName: 'wait', input: { ms: 500 } }]);
    expect(result).toEqual([{ type: 'tool-result', toolCallId: 'call_1_0', toolName: 'wait', output: { type: 'json', value: { url: 'u' } } }]);
  });
});
