import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nameFromPrompt, savePendingPrompt, takePendingPrompt } from '@/lib/workspace/launcher/pending-prompt';

/** Session storage as the browser has it, enough for the launcher's hand-over. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('the prompt handed from the launcher to the workspace it creates', () => {
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = { sessionStorage: new MemoryStorage() };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('is taken once: a second take (a reload, a second effect run) finds nothing', () => {
    expect(savePendingPrompt('ws-1', 'Build a guestbook')).toBe(true);
    expect(takePendingPrompt('ws-2')).toBeNull();
    expect(takePendingPrompt('ws-1')).toBe('Build a guestbook');
    expect(takePendingPrompt('ws-1')).toBeNull();
  });

  it('without storage, the workspace still opens and nothing is pending', () => {
    delete (globalThis as { window?: unknown }).window;
    expect(savePendingPrompt('ws-1', 'Build a guestbook')).toBe(false);
    expect(takePendingPrompt('ws-1')).toBeNull();
  });
});

describe('nameFromPrompt', () => {
  it('names the workspace after the first sentence', () => {
    expect(nameFromPrompt('A todo app with dark mode. Use React and save to localStorage.')).toBe('A todo app with dark mode');
    expect(nameFromPrompt('  Pomodoro timer!\nwith sounds')).toBe('Pomodoro timer');
  });

  it('cuts a long sentence at a word, marked with an ellipsis', () => {
    const name = nameFromPrompt('A guestbook page where visitors sign with their name and a short message');
    expect(name).toBe('A guestbook page where visitors sign with their…');
    expect(name.length).toBeLessThanOrEqual(49);
  });

  it('falls back to "Untitled" for a prompt of punctuation only', () => {
    expect(nameFromPrompt('...')).toBe('Untitled');
  });
});
