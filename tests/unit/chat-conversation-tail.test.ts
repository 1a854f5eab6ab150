import { describe, expect, it } from 'vitest';
import { dropTail, keepTail, takeTail } from '@/lib/chat/conversation-tail';
import type { IdeUIMessage } from '@/lib/agent/messages';

/** A Storage with a quota, as sessionStorage has. */
function storage(quota = 10_000): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      if (value.length > quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

const say = (text: string): IdeUIMessage => ({ id: text, role: 'assistant', parts: [{ type: 'text', text }] });

describe('the state a conversation had when the page went away', () => {
  it('is read back once for its own conversation, and dropped once a write has committed', () => {
    const kept = storage();
    keepTail('ws', 'main', { mode: 'deep', messages: [say('the last answer')] }, kept);
    expect(takeTail('ws', 'other', kept)).toBeNull();
    const tail = takeTail('ws', 'main', kept);
    expect(tail?.content).toEqual({ mode: 'deep', messages: [say('the last answer')] });
    expect(tail?.savedAt).toBeGreaterThan(0);
    expect(takeTail('ws', 'main', kept)).toBeNull();

    keepTail('ws', 'main', { mode: 'fast', messages: [] }, kept);
    dropTail('ws', 'main', kept);
    expect(takeTail('ws', 'main', kept)).toBeNull();
  });

  it('a conversation too large for the storage is not kept, and nothing breaks', () => {
    const small = storage(100);
    expect(() => keepTail('ws', 'main', { mode: 'balanced', messages: [say('x'.repeat(500))] }, small)).not.toThrow();
    expect(takeTail('ws', 'main', small)).toBeNull();
  });

  it('something unreadable under the key is ignored', () => {
    const odd = storage();
    odd.setItem('tabsmith:conversation-tail:ws:main', '{not json');
    expect(takeTail('ws', 'main', odd)).toBeNull();
  });
});
