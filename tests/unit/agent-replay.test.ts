import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertToModelMessages, simulateReadableStream, streamText, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4CallOptions, LanguageModelV4Prompt, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { handleChat } from '@/lib/agent/server/chat';
import type { IdeUIMessage } from '@/lib/agent/messages';
import { answeredResponses, findSession, firstUserText, type RecordedSession } from '@/lib/agent/server/replay/format';
import { withRecording } from '@/lib/agent/server/replay/recorder';
import { createReplayModel, loadSessions, selectResponse } from '@/lib/agent/server/replay/replay-model';
import { isToolName, toolInputSchemas } from '@/lib/agent/tool-schemas';
import { agentTools } from '@/lib/agent/tools';
import { FINISH_REASONS } from '@/lib/agent/step-ending';

/** The i-th item, or a test failure (instead of a non-null assertion). */
const at = <T>(items: readonly T[], i = 0): T => {
  const item = items[i];
  if (item === undefined) throw new Error(`expected an item at ${i}`);
  return item;
};

const FIXTURES = join(process.cwd(), 'tests/e2e/fixtures/replay');

const user = (text: string): LanguageModelV4Prompt[number] => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant: LanguageModelV4Prompt[number] = { role: 'assistant', content: [{ type: 'text', text: 'ok' }] };
const callOptions = (prompt: LanguageModelV4Prompt) => ({ prompt }) as LanguageModelV4CallOptions;

const session = (match: string, responses: string[]): RecordedSession => ({
  name: match,
  match,
  responses: responses.map((text) => [
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop' }, usage: { inputTokens: {}, outputTokens: {} } },
  ]),
});

const deltaText = (parts: LanguageModelV4StreamPart[]) => parts.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('');

describe('replay model', () => {
  const sessions = [session('make a tiny hello server', ['one', 'two']), session('hello', ['short'])];

  it('matches the first user message (case-insensitive, longest match wins)', () => {
    expect(findSession(sessions, 'Please MAKE A TINY HELLO SERVER now')?.name).toBe('make a tiny hello server');
    expect(findSession(sessions, 'say hello')?.name).toBe('hello');
    expect(firstUserText([{ role: 'system', content: 's' }, user('first'), user('second')])).toBe('first');
  });

  it('picks the response by the number of assistant turns already in the prompt', () => {
    expect(answeredResponses([user('x'), assistant, { role: 'tool', content: [] }, assistant])).toBe(2);
    expect(deltaText(selectResponse(sessions, callOptions([user('make a tiny hello server')])))).toBe('one');
    expect(deltaText(selectResponse(sessions, callOptions([user('make a tiny hello server'), assistant])))).toBe('two');
    expect(deltaText(selectResponse(sessions, callOptions([user('make a tiny hello server'), assistant, assistant])))).toContain('has no response 3');
  });

  it('plays a response that reads tool results only when the prompt carries them', () => {
    const needing = { ...session('read the result', ['calling', 'it said forty-two']), needs: { '1': ['"answer":42'] } };
    const toolResult = (value: unknown): LanguageModelV4Prompt[number] => ({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'fs_readFile', output: { type: 'json', value } as never }],
    });
    const withResult = [user('read the result'), assistant, toolResult({ answer: 42 })];
    expect(deltaText(selectResponse([needing], callOptions(withResult)))).toBe('it said forty-two');
    const text = deltaText(selectResponse([needing], callOptions([user('read the result'), assistant, toolResult({ answer: 7 })])));
    expect(text).toBe('The recorded session "read the result" plays response 2 only after tool results that say "\\"answer\\":42"; this prompt\'s do not.');
  });

  it('answers an unknown prompt with a clear error text', () => {
    const text = deltaText(selectResponse(sessions, callOptions([user('build a rocket')])));
    expect(text).toContain('No recorded session matches "build a rocket"');
    expect(text).toContain('"make a tiny hello server"');
  });

  it('counts answered responses the same way convertToModelMessages splits a multi-step UI message', async () => {
    const ui: IdeUIMessage[] = [
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'make a tiny hello server' }] },
      {
        id: 'a',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'text', text: 'Writing.' },
          {
            type: 'tool-fs_writeFile',
            toolCallId: 'c1',
            state: 'output-available',
            input: { path: 'a', content: 'b' },
            output: { ok: true, path: 'a', bytes: 1, created: true },
          },
          { type: 'step-start' },
          {
            type: 'tool-install_npm',
            toolCallId: 'c2',
            state: 'output-available',
            input: { packages: ['x'] },
            output: { ok: true, exitCode: 0, output: '', durationMs: 1, timedOut: false },
          },
        ],
      },
    ];
    const messages: ModelMessage[] = await convertToModelMessages(ui, { tools: agentTools });
    expect(answeredResponses(messages as LanguageModelV4Prompt)).toBe(2);
  });

  it('streams through streamText like a real model', async () => {
    const model = createReplayModel({ sessions });
    const result = streamText({ model, prompt: 'make a tiny hello server' });
    expect(await result.text).toBe('one');
  });
});

describe('replay fixtures (tests/e2e/fixtures/replay)', async () => {
  const fixtures = await loadSessions(FIXTURES);

  it('has the e2e sessions', () => {
    expect(fixtures.map((s) => s.match)).toEqual(
      expect.arrayContaining([
        'change the greeting',
        'count to ten',
        'keep running the flaky script',
        'make a tiny hello server',
        'run the broken script',
        'spin the cpu forever',
        'try three broken tool calls',
        'find the banner text and change it',
        'check what the app logs',
      ]),
    );
  });

  // tool-failures makes rejected calls on purpose (an unknown tool, bad JSON, a schema mismatch).
  it.each(fixtures.filter((s) => s.name !== 'tool-failures').map((s) => [s.name, s] as const))(
    '%s: every tool call validates against its schema and every response finishes',
    (_name, s) => {
      for (const response of s.responses) {
        const finish = response.at(-1) as { type: string; finishReason?: { unified: string } };
        expect(finish.type).toBe('finish');
        const calls = response.filter((part) => part.type === 'tool-call') as unknown as { toolName: string; input: string }[];
        // The ending recordings end their steps every other way a model can (a safety block, the output limit…).
        if (s.match.startsWith('ending:')) expect(FINISH_REASONS).toContain(finish.finishReason?.unified);
        else expect(finish.finishReason?.unified).toBe(calls.length > 0 ? 'tool-calls' : 'stop');
        for (const call of calls) {
          expect(isToolName(call.toolName)).toBe(true);
          if (!isToolName(call.toolName)) continue;
          const parsed = toolInputSchemas[call.toolName].safeParse(JSON.parse(call.input));
          expect(parsed.success, `${call.toolName} ${parsed.error?.message ?? ''}`).toBe(true);
        }
      }
    },
  );

  it('each ending recording ends a step otherwise than with a normal stop', () => {
    const endings = fixtures.filter((s) => s.match.startsWith('ending:'));
    expect(endings.map((s) => s.match).sort()).toEqual(['ending: blocked', 'ending: cut off', 'ending: empty', 'ending: malformed']);
    for (const s of endings) {
      const reasons = s.responses.map((response) => (response.at(-1) as { finishReason?: { unified: string; raw?: string } }).finishReason);
      expect(
        reasons.some((reason) => reason?.unified !== 'stop' || reason.raw === 'STOP'),
        s.name,
      ).toBe(true);
    }
  });

  it('scaffold plays 4 responses, steps has more than any step cap', () => {
    expect(fixtures.find((s) => s.name === 'scaffold')?.responses).toHaveLength(4);
    expect(fixtures.find((s) => s.name === 'steps')?.responses.length).toBeGreaterThan(10);
  });

  it('plays through the real route with TABSMITH_MODEL_PROVIDER=replay', async () => {
    const body = { messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'run the broken script' }] }], mode: 'fast' };
    const res = await handleChat(new Request('http://t/api/ai', { method: 'POST', body: JSON.stringify(body) }), {
      env: { TABSMITH_MODEL_PROVIDER: 'replay', TABSMITH_REPLAY_DIR: FIXTURES, TABSMITH_REPLAY_DELAY_MS: '0' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Agent-Mode')).toBe('fast');
    const text = await res.text();
    expect(text).toContain('"toolName":"run_sh"');
    expect(text).toContain('node missing-file.js');
  });
});

describe('recording', () => {
  it('writes each response in the replay format, appended per conversation', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabsmith-rec-'));
    try {
      const chunks: LanguageModelV4StreamPart[] = [
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Recorded.' },
        { type: 'text-end', id: 't' },
        {
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'STOP' },
          usage: {
            inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 1, text: 1, reasoning: undefined },
          },
        },
      ];
      const live = new MockLanguageModelV4({ doStream: async () => ({ stream: simulateReadableStream({ chunks }) }) });
      const model = withRecording(live, dir);
      for (let i = 0; i < 2; i++) await streamText({ model, prompt: 'Record This Prompt' }).consumeStream();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const saved = at(await loadSessions(dir));
      expect(saved.match).toBe('Record This Prompt');
      expect(saved.responses).toHaveLength(2);
      expect(JSON.parse(await readFile(join(dir, 'record-this-prompt.json'), 'utf8')).responses[0]).toContainEqual({
        type: 'text-delta',
        id: 't',
        delta: 'Recorded.',
      });
      const replayed = createReplayModel({ dir });
      expect(await streamText({ model: replayed, prompt: 'record this prompt' }).text).toBe('Recorded.');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
