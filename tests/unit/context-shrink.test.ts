import { describe, expect, it } from 'vitest';
import { estimateTokens } from '@/lib/agent/context/budget';
import { shortHash } from '@/lib/agent/context/reference';
import { shrinkMessages, type LooseMessage } from '@/lib/agent/context/shrink';

const big = (n: number) => 'x'.repeat(n);
const image = `data:image/png;base64,${'A'.repeat(40_000)}`;

const user = (id: string, parts: LooseMessage['parts']): LooseMessage => ({ id, role: 'user', parts });
const write = (path: string, content: string, id = 'c1') => ({
  type: 'tool-fs_writeFile',
  toolCallId: id,
  state: 'output-available',
  input: { path, content },
  output: { ok: true, path, bytes: content.length, created: true },
});

describe('history shrinking', () => {
  it('replaces applied file contents by a reference naming path, size and hash', () => {
    const content = `${big(1_500_000)}\n`;
    const messages: LooseMessage[] = [
      user('u', [{ type: 'text', text: 'write it' }]),
      { id: 'a', role: 'assistant', parts: [{ type: 'step-start' }, write('src/big.txt', content)] },
    ];
    const [, agent] = shrinkMessages(messages);
    const input = agent?.parts[1]?.input as { path: string; content: string };
    expect(input.path).toBe('src/big.txt');
    expect(input.content).toContain('src/big.txt');
    expect(input.content).toContain('1.4 MB');
    expect(input.content).toContain(shortHash(content));
    expect(input.content).toContain('read the file');
    expect(JSON.stringify(agent).length).toBeLessThan(1_000);
    // The stored message is untouched.
    expect((messages[1]?.parts[1]?.input as { content: string }).content).toBe(content);
  });

  it('keeps a small input and a failed call verbatim enough to retry', () => {
    const failed = {
      type: 'tool-fs_editFile',
      toolCallId: 'e',
      state: 'output-error',
      input: { path: 'a.js', edits: [{ search: 'a', replace: 'b' }] },
      errorText: 'search text not found',
    };
    const messages: LooseMessage[] = [
      user('u', [{ type: 'text', text: 'go' }]),
      { id: 'a', role: 'assistant', parts: [{ type: 'step-start' }, write('a.js', 'short'), failed] },
    ];
    const [, agent] = shrinkMessages(messages);
    expect(agent?.parts[1]).toEqual(messages[1]?.parts[1]);
    expect(agent?.parts[2]).toEqual(failed);
  });

  it('trims long outputs with a note, more for steps the model has already seen', () => {
    const read = (id: string) => ({
      type: 'tool-fs_readFile',
      toolCallId: id,
      state: 'output-available',
      input: { path: 'log.txt' },
      output: { content: big(100_000) },
    });
    const messages: LooseMessage[] = [
      user('u', [{ type: 'text', text: 'read' }]),
      { id: 'a', role: 'assistant', parts: [{ type: 'step-start' }, read('old'), { type: 'step-start' }, read('new')] },
    ];
    const [, agent] = shrinkMessages(messages);
    const older = (agent?.parts[1]?.output as { content: string }).content;
    const latest = (agent?.parts[3]?.output as { content: string }).content;
    expect(older).toContain('characters trimmed from the history');
    expect(older.length).toBeLessThan(5_000);
    expect(latest.length).toBeGreaterThan(30_000);
    expect(latest.length).toBeLessThan(33_000);
  });

  it("keeps the latest user message's images and turns older ones into text references", () => {
    const picture = { type: 'file', mediaType: 'image/png', filename: 'bug.png', url: image };
    const messages: LooseMessage[] = [
      user('u1', [{ type: 'text', text: 'look' }, picture]),
      { id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'seen' }] },
      user('u2', [{ type: 'text', text: 'and this' }, picture]),
    ];
    const [first, , latest] = shrinkMessages(messages);
    expect(first?.parts[1]).toMatchObject({ type: 'text' });
    expect(String(first?.parts[1]?.text)).toContain('bug.png');
    expect(latest?.parts[1]).toEqual(picture);
  });

  it('estimates tokens from characters and counts an image flat', () => {
    expect(estimateTokens({ text: big(4_000) })).toBeGreaterThanOrEqual(1_000);
    expect(estimateTokens({ url: image })).toBeLessThan(1_100);
  });
});

describe('token usage line', () => {
  it('shows the turn’s tokens in and out, and nothing without usage', async () => {
    const { usageLine } = await import('@/components/chat/MessageContextInfo');
    expect(usageLine({ inputTokens: 14_450, outputTokens: 400, reasoningTokens: 12 })).toBe('Tokens: 14,450 in · 400 out · 12 reasoning');
    expect(usageLine(undefined)).toBeNull();
  });
});
