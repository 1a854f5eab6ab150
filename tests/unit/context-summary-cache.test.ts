import { describe, expect, it } from 'vitest';
import { conversationChatId, createSummaryCache } from '@/lib/agent/context/summary-cache';

/** localStorage's shape over a Map, so the test sees what a reload would read back. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const compaction = (messageId: string) => ({ throughKey: 'k', messageId, summary: 'earlier work', responses: 2, units: 5, createdAt: 1 });

describe('summary cache', () => {
  it("survives a reload and is forgotten with its conversation, leaving the workspace's others", () => {
    const storage = memoryStorage();
    const cache = createSummaryCache(storage);
    cache.set(conversationChatId('w1', 'a'), compaction('m1'));
    cache.set(conversationChatId('w1', 'b'), compaction('m2'));
    cache.set(conversationChatId('w2', 'a'), compaction('m3'));
    expect(createSummaryCache(storage).get(conversationChatId('w1', 'a'))?.summary).toBe('earlier work');

    cache.forget(conversationChatId('w1', 'a'));
    const reloaded = createSummaryCache(storage);
    expect(reloaded.get(conversationChatId('w1', 'a'))).toBeNull();
    expect(reloaded.forMessage('m2')).not.toBeNull();
    expect(storage.items.size).toBe(2);
  });

  it('forgets every conversation of a deleted workspace and no other workspace', () => {
    const storage = memoryStorage();
    const cache = createSummaryCache(storage);
    cache.set(conversationChatId('w1', 'a'), compaction('m1'));
    cache.set(conversationChatId('w1', 'b'), compaction('m2'));
    cache.set(conversationChatId('w10', 'a'), compaction('m3'));
    cache.forget(conversationChatId('w1'));
    const reloaded = createSummaryCache(storage);
    expect(reloaded.forMessage('m1')).toBeNull();
    expect(reloaded.forMessage('m2')).toBeNull();
    expect(reloaded.forMessage('m3')).not.toBeNull();
  });
});
