import { afterEach, describe, expect, it } from 'vitest';
import { clientDeadlineMs } from '@/lib/agent/tool-timeouts';
import { channelName, executorMessageSchema } from '@/lib/agent/protocol';
import { createToolClient, type ChannelLike, type ToolClient } from '@/lib/agent/tool-client';
import { startExecutor, type Executor } from '@/worker/executor';
import { setupStore } from './fakes/workspace-store-setup';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A real BroadcastChannel whose first `drop` posts are lost, like the first message after "ready". */
function lossyChannel(name: string, drop: number, posted: unknown[]): ChannelLike {
  const channel = new BroadcastChannel(name);
  let dropped = 0;
  return {
    postMessage(message) {
      posted.push(message);
      if (dropped < drop) dropped++;
      else channel.postMessage(message);
    },
    get onmessage() {
      return channel.onmessage;
    },
    set onmessage(listener) {
      channel.onmessage = listener;
    },
    close: () => channel.close(),
  };
}

function client(tabId: string, options: Partial<Parameters<typeof createToolClient>[0]> = {}): ToolClient {
  const made = createToolClient({ tabId, ...options });
  cleanups.push(() => made.close());
  return made;
}

describe('tool client ↔ executor protocol', () => {
  it('re-sends HELLO when the first message is lost, then sends the queued call', async () => {
    const tabId = crypto.randomUUID();
    const { store, runtime } = await setupStore({ '/a.txt': 'hello' });
    const executor: Executor = startExecutor({ tabId, runtime, store });
    cleanups.push(
      () => executor.stop(),
      () => store.dispose(),
    );
    const posted: unknown[] = [];
    const tools = client(tabId, { createChannel: (name) => lossyChannel(name, 1, posted) });
    const result = await tools.execute('t1', 'fs_readFile', { path: 'a.txt' });
    expect(result.content).toMatchObject({ ok: true, content: 'hello' });
    const types = posted.map((message) => (message as { type: string }).type);
    expect(types.filter((type) => type === 'HELLO').length).toBeGreaterThanOrEqual(2);
    expect(types.at(-1)).toBe('EXECUTE_TOOL');
  });

  it('matches results by request id with two concurrent calls answered out of order', async () => {
    const tabId = crypto.randomUUID();
    // A stand-in executor that answers READY and replies to the second call first, plus noise.
    const fake = new BroadcastChannel(channelName(tabId));
    cleanups.push(() => fake.close());
    const calls: { requestId: string; toolCallId: string; name: string }[] = [];
    fake.onmessage = (event: MessageEvent) => {
      const message = executorMessageSchema.parse(event.data);
      if (message.type === 'HELLO') fake.postMessage({ type: 'READY', clientId: message.clientId });
      if (message.type !== 'EXECUTE_TOOL') return;
      calls.push(message.payload);
      if (calls.length < 2) return;
      fake.postMessage({ type: 'TOOL_RESULT', payload: { requestId: 'someone-else', role: 'tool', tool_call_id: 'x', content: 'wrong' } });
      fake.postMessage({ type: 'TOOL_RESULT', payload: { nonsense: true } });
      for (const call of [...calls].reverse()) {
        fake.postMessage({
          type: 'TOOL_RESULT',
          payload: { requestId: call.requestId, role: 'tool', tool_call_id: call.toolCallId, content: `for ${call.toolCallId}` },
        });
      }
    };
    const tools = client(tabId);
    const [first, second] = await Promise.all([tools.execute('call-1', 'fs_readFile', { path: 'a' }), tools.execute('call-2', 'fs_readFile', { path: 'b' })]);
    expect(first).toEqual({ content: 'for call-1' });
    expect(second).toEqual({ content: 'for call-2' });
    expect(new Set(calls.map((call) => call.requestId)).size).toBe(2);
  });

  it('gives up with ExecutorTimeout when no executor answers', async () => {
    const tools = client(crypto.randomUUID(), { timeoutMs: 50 });
    const started = Date.now();
    const result = await tools.execute('t', 'plan_create', {});
    expect(result.error?.name).toBe('ExecutorTimeout');
    expect(result.error?.message).toMatch(/never answered/);
    // The client waits for the deadline it shares with the executor (the limit and the stop grace), no more.
    expect(Date.now() - started).toBeLessThan(clientDeadlineMs(50) + 1_000);
  }, 10_000);

  it('answers HELLO every time (a second client on the same tab gets READY too)', async () => {
    const tabId = crypto.randomUUID();
    const { store, runtime } = await setupStore({});
    const executor = startExecutor({ tabId, runtime, store });
    cleanups.push(
      () => executor.stop(),
      () => store.dispose(),
    );
    for (const id of ['a', 'b']) {
      const result = await client(tabId).execute(id, 'plan_create', { goal: 'g', steps: [{ id: 1, description: 'd' }] });
      expect(result.content).toEqual({ ok: true, steps: 1 });
    }
  });
});
