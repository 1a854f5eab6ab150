import { describe, expect, it } from 'vitest';
import { describeUpdated, workspaceHref, workspaceIdFrom } from '@/lib/ui/workspace-url';

describe('workspace URL', () => {
  it('reads the workspace id, ignoring blanks', () => {
    expect(workspaceIdFrom('?ws=abc&runtime=offline')).toBe('abc');
    expect(workspaceIdFrom('?runtime=offline')).toBeNull();
    expect(workspaceIdFrom('?ws=')).toBeNull();
  });

  it('sets or clears ?ws= and keeps the other parameters', () => {
    expect(workspaceHref('http://localhost:3000/?runtime=offline', 'w1')).toBe('/?runtime=offline&ws=w1');
    expect(workspaceHref('http://localhost:3000/?ws=old&runtime=offline', 'w2')).toBe('/?ws=w2&runtime=offline');
    expect(workspaceHref('http://localhost:3000/?ws=old&runtime=offline#x', null)).toBe('/?runtime=offline#x');
  });
});

describe('describeUpdated', () => {
  const now = Date.UTC(2025, 0, 10, 12);
  it('says how long ago in words', () => {
    expect(describeUpdated(now - 5_000, now)).toBe('just now');
    expect(describeUpdated(now - 60_000, now)).toBe('1 minute ago');
    expect(describeUpdated(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(describeUpdated(now - 26 * 3_600_000, now)).toBe('yesterday');
    expect(describeUpdated(now - 3 * 86_400_000, now)).toBe('3 days ago');
  });
});
