import { parseJsonEventStream, simulateReadableStream, uiMessageChunkSchema, type UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4Prompt, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { handleChat } from '@/lib/agent/server/chat';
import type { IdeUIMessage } from '@/lib/agent/messages';
import type { ModelFactory } from '@/lib/agent/server/providers';
import { shellCallMessage, type ShellCall } from './agent-shell-call';

/**
 * Approvals through the real route and the AI SDK's tool approval: the server marks a risky call for
 * approval in the stream, and a denial sent back reaches the model as a denied tool result it can read.
 */
const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: 0 } };

const callShell = (cmd: string): LanguageModelV4StreamPart[] => [
  { type: 'tool-call', toolCallId: 'c1', toolName: 'run_sh', input: JSON.stringify({ cmd }) },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
];
const say = (text: string): LanguageModelV4StreamPart[] => [
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: text },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
];

function recordingModel(responses: LanguageModelV4StreamPart[][]) {
  const prompts: LanguageModelV4Prompt[] = [];
  let next = 0;
  const createModel: ModelFactory = (config) =>
    new MockLanguageModelV4({
      modelId: config.model,
      doStream: async (options) => {
        prompts.push(options.prompt);
        return { stream: simulateReadableStream({ chunks: responses[next++] ?? say('(no more)') }) };
      },
    });
  return { createModel, prompts };
}

async function chunksOf(res: Response): Promise<UIMessageChunk[]> {
  expect(res.status).toBe(200);
  const reader = parseJsonEventStream({ stream: res.body ?? new ReadableStream(), schema: uiMessageChunkSchema }).getReader();
  const chunks: UIMessageChunk[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    if (value.success) chunks.push(value.value as UIMessageChunk);
  }
}

const post = (body: unknown) => new Request('http://t/api/ai', { method: 'POST', body: JSON.stringify(body) });
const user: IdeUIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'clean up' }] };
const risky = { policy: 'risky', allowlist: [] };

describe('approvals on the chat route', () => {
  it('a destructive command comes back as an approval request with its reason; a harmless one does not', async () => {
    const asked = await chunksOf(
      await handleChat(post({ messages: [user], approvals: risky }), { env: {}, createModel: recordingModel([callShell('rm -rf dist')]).createModel }),
    );
    expect(asked.find((chunk) => chunk.type === 'tool-approval-request')).toMatchObject({ toolCallId: 'c1', reason: 'deletes or discards files or history' });

    const harmless = await chunksOf(
      await handleChat(post({ messages: [user], approvals: risky }), { env: {}, createModel: recordingModel([callShell('ls')]).createModel }),
    );
    expect(harmless.some((chunk) => chunk.type === 'tool-approval-request')).toBe(false);
    expect(harmless.some((chunk) => chunk.type === 'tool-input-available')).toBe(true);
  });

  it('the allowlist and the "never" policy let the same command through; a request without settings asks nothing', async () => {
    for (const approvals of [{ policy: 'every', allowlist: ['rm -rf dist'] }, { policy: 'never', allowlist: [] }, undefined]) {
      const chunks = await chunksOf(
        await handleChat(post({ messages: [user], approvals }), { env: {}, createModel: recordingModel([callShell('rm -rf dist')]).createModel }),
      );
      expect(chunks.some((chunk) => chunk.type === 'tool-approval-request')).toBe(false);
    }
  });

  it('a bad policy is a 400 that names the field', async () => {
    const res = await handleChat(post({ messages: [user], approvals: { policy: 'sometimes', allowlist: [] } }), {
      env: {},
      createModel: recordingModel([]).createModel,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('approvals.policy');
  });

  it('a denial reaches the model as a denied result with the reason, and the model answers in the same request', async () => {
    const { createModel, prompts } = recordingModel([say('Understood: I left dist alone.')]);
    const denied = shellCallMessage({
      state: 'approval-responded',
      input: { cmd: 'rm -rf dist', background: false },
      approval: { id: 'ap1', approved: false, reason: 'The user denied this command.' },
    });
    const chunks = await chunksOf(await handleChat(post({ messages: [user, denied], approvals: risky }), { env: {}, createModel }));
    expect(chunks.find((chunk) => chunk.type === 'tool-output-denied')).toMatchObject({ toolCallId: 'c1' });
    expect(
      chunks
        .filter((chunk) => chunk.type === 'text-delta')
        .map((chunk) => chunk.delta)
        .join(''),
    ).toBe('Understood: I left dist alone.');
    const toolMessage = prompts[0]?.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toContainEqual(
      expect.objectContaining({ type: 'tool-result', toolCallId: 'c1', output: { type: 'execution-denied', reason: 'The user denied this command.' } }),
    );
  });

  it('an approved call that ran in the tab reaches the model with its output, not asked again', async () => {
    const { createModel, prompts } = recordingModel([say('Removed.')]);
    const ran = shellCallMessage({
      state: 'output-available',
      input: { cmd: 'rm -rf dist', background: false },
      output: { ok: true, exitCode: 0, output: '', durationMs: 3, timedOut: false },
      approval: { id: 'ap1', approved: true },
    } as ShellCall);
    const chunks = await chunksOf(await handleChat(post({ messages: [user, ran], approvals: risky }), { env: {}, createModel }));
    expect(chunks.some((chunk) => chunk.type === 'tool-approval-request' || chunk.type === 'tool-output-denied')).toBe(false);
    const toolMessage = prompts[0]?.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toContainEqual(
      expect.objectContaining({ type: 'tool-result', toolCallId: 'c1', output: expect.objectContaining({ type: 'json' }) }),
    );
  });
});
