import { describe, expect, it } from 'vitest';
import { chatTooLarge, handleChat, turnUsage } from '@/lib/agent/server/chat';
import { handleSummarise } from '@/lib/agent/server/context/summarise-handler';
import { summariseVia } from '@/lib/agent/context/summarise-client';
import { summaryMessageText } from '@/lib/agent/context/summary';
import { MAX_CHAT_BODY_BYTES } from '@/lib/agent/messages';
import { answeredResponses } from '@/lib/agent/server/replay/format';
import { createReplayModel } from '@/lib/agent/server/replay/replay-model';

const replay = { env: {}, createModel: () => createReplayModel({ sessions: [] }) };
const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://t/api/ai/summarise', { method: 'POST', body: JSON.stringify(body), headers });

describe('summarise route', () => {
  it('answers a summarise request with the replay model, naming the calls and files', async () => {
    const transcript = 'User: build it\n\nAgent: [tool fs_writeFile] {"path":"src/a.js","content":"[applied …]"}\n  result: {"ok":true}';
    const res = await handleSummarise(post({ mode: 'deep', transcript }), replay);
    expect(res.status).toBe(200);
    const { summary } = (await res.json()) as { summary: string };
    expect(summary).toContain('fs_writeFile ×1');
    expect(summary).toContain('src/a.js');
  });

  it('refuses a request without a transcript with the reason', async () => {
    const res = await handleSummarise(post({ mode: 'deep' }), replay);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^transcript:/);
  });

  it("the client reads the summary, or throws the server's sentence", async () => {
    const ok = summariseVia('/x', 'fast', async () => Response.json({ summary: '- done' }));
    await expect(ok({ transcript: 't' })).resolves.toBe('- done');
    const failing = summariseVia('/x', 'fast', async () => Response.json({ error: 'The model is rate limited.' }, { status: 502 }));
    await expect(failing({ transcript: 't' })).rejects.toThrow('The model is rate limited.');
  });
});

describe('chat route with bounded requests', () => {
  it("says the conversation grew too large (not the user's fault) when the guard trips", async () => {
    const req = new Request('http://t/api/ai', { method: 'POST', body: '{}', headers: { 'content-length': String(MAX_CHAT_BODY_BYTES + 1) } });
    const res = await handleChat(req, replay);
    expect(res.status).toBe(413);
    const { error } = (await res.json()) as { error: string };
    expect(error).toBe(chatTooLarge(MAX_CHAT_BODY_BYTES));
    expect(error).toContain('conversation grew too large for one request');
    expect(error).toContain('compacts');
    expect(error).not.toContain('Send file names');
  });

  it("adds each step's usage to the turn's", () => {
    const step = { inputTokens: 100, outputTokens: 20, totalTokens: 120, inputTokenDetails: {}, outputTokenDetails: { reasoningTokens: 5 } };
    expect(turnUsage({ inputTokens: 50, outputTokens: 10, totalTokens: 60 }, step as never)).toEqual({
      inputTokens: 150,
      outputTokens: 30,
      reasoningTokens: 5,
      totalTokens: 180,
    });
  });

  it('the replay model counts the responses a summary stands for', () => {
    const prompt = [
      { role: 'user' as const, content: [{ type: 'text' as const, text: 'task' }] },
      { role: 'user' as const, content: [{ type: 'text' as const, text: summaryMessageText('- wrote files', 26) }] },
      { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'next' }] },
    ];
    expect(answeredResponses(prompt)).toBe(27);
  });
});
