import { parseJsonEventStream, readUIMessageStream, simulateReadableStream, uiMessageChunkSchema, type UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { handleChat } from '@/lib/agent/server/chat';
import type { IdeUIMessage } from '@/lib/agent/messages';
import type { ModelFactory } from '@/lib/agent/server/providers';
import { isRejectionText } from '@/lib/agent/tool-call-errors';
import { displayState, isIdeToolPart, rejectionOf } from '@/lib/chat/tool-parts';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };

/** One model step that makes these calls, through the real route. */
async function stepWith(calls: { toolName: string; input: string }[]): Promise<IdeUIMessage> {
  const chunks: LanguageModelV4StreamPart[] = [
    ...calls.map((call, i) => ({ type: 'tool-call' as const, toolCallId: `c${i}`, ...call })),
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
  ];
  const createModel: ModelFactory = (config) =>
    new MockLanguageModelV4({ modelId: config.model, doStream: async () => ({ stream: simulateReadableStream({ chunks }) }) });
  const body = JSON.stringify({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'go' }] }], mode: 'balanced' });
  const res = await handleChat(new Request('http://t/api/ai', { method: 'POST', body }), { env: {}, createModel });
  const parsed = parseJsonEventStream({ stream: res.body ?? new ReadableStream(), schema: uiMessageChunkSchema });
  const stream = parsed.pipeThrough(
    new TransformStream<{ success: boolean; value?: unknown }, UIMessageChunk>({
      transform: (r, c) => void (r.success && c.enqueue(r.value as UIMessageChunk)),
    }),
  );
  let last: IdeUIMessage | undefined;
  for await (const message of readUIMessageStream<IdeUIMessage>({ stream })) last = message;
  if (!last) throw new Error('no message');
  return last;
}

describe('rejected tool calls', () => {
  it('an unknown tool, arguments that are not JSON and arguments failing the schema each become a rejected card with the reason', async () => {
    const message = await stepWith([
      { toolName: 'fs_nuke', input: '{"path":"/"}' },
      { toolName: 'fs_writeFile', input: '{"path": "a.js", "content": ' },
      { toolName: 'fs_readFile', input: '{"startLine": 3}' },
    ]);
    const cards = message.parts.filter(isIdeToolPart);
    expect(cards).toHaveLength(3);
    expect(cards.map(displayState)).toEqual(['rejected', 'rejected', 'rejected']);
    const [unknown, malformed, mismatch] = cards.map(rejectionOf);
    expect(unknown).toMatch(/^unknown tool fs_nuke; available: fs_writeFile, fs_readFile, /);
    expect(unknown).toContain('preview_logs');
    expect(malformed).toMatch(/^arguments for fs_writeFile are not valid JSON/);
    expect(mismatch).toBe('fs_readFile: arguments did not match the schema: path is required');
    for (const text of [unknown, malformed, mismatch]) expect(text).not.toContain('The model request failed');
  });

  it('a tool the mode does not offer is unknown to it, with the tools it does have', async () => {
    const message = await stepWith([{ toolName: 'definitely_not_a_tool', input: '{}' }]);
    const [card] = message.parts.filter(isIdeToolPart);
    if (!card) throw new Error('no card');
    expect(rejectionOf(card)).toContain('unknown tool definitely_not_a_tool; available:');
  });

  it('other errors are not mistaken for rejections', () => {
    expect(isRejectionText('Stopped by the user.')).toBe(false);
    expect(isRejectionText('ExecutorTimeout: The tool executor did not answer run_sh within 36 s.')).toBe(false);
  });
});
