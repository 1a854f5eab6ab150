import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTEXT_BUDGET, estimateTokens, jsonBytes } from '@/lib/agent/context/budget';
import { SUMMARY_MESSAGE_ID } from '@/lib/agent/context/compact';
import { prepareMessages, type Summarise } from '@/lib/agent/context/prepare';
import type { LooseMessage } from '@/lib/agent/context/shrink';
import { compactedResponses } from '@/lib/agent/context/summary';
import { createSummaryCache } from '@/lib/agent/context/summary-cache';
import { historyBefore, LONG_SESSION, sessionSteps, WRITE_PART_CHARS } from '../../bench/lib/long-session.mjs';
import { WRITE_MAX_CHARS } from '@/lib/agent/tool-schemas';

const history = (index: number) => historyBefore(index) as LooseMessage[];

function countingSummariser() {
  const calls: { previousSummary?: string; transcript: string }[] = [];
  const summarise: Summarise = async (input) => {
    calls.push(input);
    return `- summary ${calls.length}: wrote files under gen/`;
  };
  return { calls, summarise };
}

/** A small budget so a test session crosses it quickly; the default one behaves the same, later. */
const budget = { ...DEFAULT_CONTEXT_BUDGET, maxTokens: 4_000 };

const thinkingStep = (i: number) => [{ type: 'step-start' }, { type: 'text', text: `step ${i}: ${'reasoning about the change '.repeat(60)}` }];

function chattySession(steps: number): LooseMessage[] {
  return [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'long context session: refactor' }] },
    { id: 'a1', role: 'assistant', parts: Array.from({ length: steps }, (_, i) => thinkingStep(i)).flat() },
  ];
}

describe('bounded requests over a 40-step session', () => {
  it('writes 10 MB in total yet no request exceeds the budget', async () => {
    const cache = createSummaryCache(null);
    const { summarise } = countingSummariser();
    const steps = sessionSteps();
    expect(steps).toHaveLength(40);
    expect(steps.reduce((sum, step) => sum + (step.content?.length ?? 0), 0)).toBeGreaterThanOrEqual(LONG_SESSION.totalBytes);
    // Each file goes in parts, as fs_writeFile takes them.
    expect(WRITE_PART_CHARS).toBe(WRITE_MAX_CHARS);
    let largest = 0;
    for (let i = 0; i < steps.length; i++) {
      const full = history(i);
      const prepared = await prepareMessages(full, { chatId: 'long', cache, summarise });
      largest = Math.max(largest, prepared.bytes);
      expect(prepared.tokens).toBeLessThanOrEqual(DEFAULT_CONTEXT_BUDGET.maxTokens);
      expect(prepared.bytes).toBeLessThanOrEqual(DEFAULT_CONTEXT_BUDGET.maxBytes);
      // The current request (the latest user message) always goes out.
      const latestUser = [...full].reverse().find((message) => message.role === 'user');
      expect(prepared.messages.some((message) => message.id === latestUser?.id)).toBe(true);
    }
    expect(largest).toBeLessThan(200_000);
    expect(jsonBytes(history(39))).toBeGreaterThan(10_000_000);
  });

  it('summarises older steps once past the budget, caches it, and keeps the sent size flat', async () => {
    const cache = createSummaryCache(null);
    const { calls, summarise } = countingSummariser();
    const sizes: number[] = [];
    let compacted = 0;
    for (let steps = 1; steps <= 40; steps++) {
      const prepared = await prepareMessages(chattySession(steps), { chatId: 'chat', cache, summarise, budget });
      sizes.push(prepared.tokens);
      expect(prepared.tokens).toBeLessThanOrEqual(budget.maxTokens);
      if (prepared.compaction) compacted++;
    }
    expect(compacted).toBeGreaterThan(20);
    // Summaries are made now and then, not on every request, and each builds on the one before.
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.length).toBeLessThan(20);
    expect(calls[1]?.previousSummary).toContain('summary 1');
    expect(Math.max(...sizes.slice(20))).toBeLessThanOrEqual(budget.maxTokens * budget.compactAt);
  });

  it('sends the task, the summary (counting the responses it replaced) and the recent steps', async () => {
    const cache = createSummaryCache(null);
    const { summarise } = countingSummariser();
    const messages = chattySession(30);
    const prepared = await prepareMessages(messages, { chatId: 'c', cache, summarise, budget });
    const [task, summary, ...rest] = prepared.messages;
    expect(task?.id).toBe('u1');
    expect(summary?.id).toBe(SUMMARY_MESSAGE_ID);
    const text = String(summary?.parts[0]?.text);
    expect(text).toContain('summary 1');
    const kept = rest.flatMap((message) => message.parts).filter((part) => part.type === 'step-start').length;
    expect(compactedResponses(text) + kept).toBe(30);
    expect(cache.get('c')?.messageId).toBe('a1');
    expect(cache.forMessage('a1')?.summary).toContain('summary 1');
    expect(estimateTokens(prepared.messages)).toBeLessThan(estimateTokens(messages));
  });

  it('drops a cached summary whose messages are gone and still bounds the request when summarising fails', async () => {
    const cache = createSummaryCache(null);
    const failing: Summarise = async () => {
      throw new Error('model unavailable');
    };
    const prepared = await prepareMessages(chattySession(30), { chatId: 'f', cache, summarise: failing, budget });
    expect(String(prepared.messages[1]?.parts[0]?.text)).toContain('could not be summarised (model unavailable)');
    expect(prepared.tokens).toBeLessThanOrEqual(budget.maxTokens);

    const rewound = chattySession(2).map((message) => ({ ...message, id: `${message.id}-new` }));
    const again = await prepareMessages(rewound, { chatId: 'f', cache, summarise: failing, budget });
    expect(again.compaction).toBeNull();
    expect(again.messages).toEqual(rewound);
  });

  it("keeps the current message's image through compaction and the tight trim", async () => {
    const cache = createSummaryCache(null);
    const { summarise } = countingSummariser();
    const picture = { type: 'file', mediaType: 'image/png', filename: 'bug.png', url: `data:image/png;base64,${'A'.repeat(200_000)}` };
    const messages: LooseMessage[] = [...chattySession(30), { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'what about this bug?' }, picture] }];
    const prepared = await prepareMessages(messages, { chatId: 'img', cache, summarise, budget });
    expect(prepared.compaction).not.toBeNull();
    expect(prepared.messages.find((message) => message.id === 'u2')?.parts[1]).toEqual(picture);
    expect(prepared.tokens).toBeLessThanOrEqual(budget.maxTokens);
  });

  it('keeps summaries across page loads through storage', async () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
      key: (i: number) => [...store.keys()][i] ?? null,
      get length() {
        return store.size;
      },
    };
    const { calls, summarise } = countingSummariser();
    await prepareMessages(chattySession(30), { chatId: 'p', cache: createSummaryCache(storage), summarise, budget });
    const reloaded = createSummaryCache(storage);
    expect(reloaded.get('p')?.summary).toContain('summary 1');
    await prepareMessages(chattySession(30), { chatId: 'p', cache: reloaded, summarise, budget });
    expect(calls).toHaveLength(1);
  });
});
