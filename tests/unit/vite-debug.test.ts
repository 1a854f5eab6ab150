import { describe, expect, it } from 'vitest';
import { createDebug, timed } from '@/lib/runtime/offline/vite/debug';

function host(DEBUG: string | undefined) {
  const written: string[] = [];
  return { written, env: { DEBUG }, write: (text: string) => void written.push(text) };
}

describe('DEBUG=vite:* timings', () => {
  it('prints nothing unless DEBUG names the namespace', () => {
    expect(createDebug(host(undefined), 'vite:deps')).toBeNull();
    expect(createDebug(host('vite:config'), 'vite:deps')).toBeNull();
    expect(createDebug(host('express:*'), 'vite:deps')).toBeNull();
  });

  it('takes exact names, wildcards and lists, as the debug package does', () => {
    for (const pattern of ['vite:deps', 'vite:*', '*', 'express:*, vite:deps']) expect(createDebug(host(pattern), 'vite:deps'), pattern).not.toBeNull();
  });

  it('writes how long a step took, with its namespace', async () => {
    const h = host('vite:*');
    const value = await timed(createDebug(h, 'vite:deps'), 'bundled', async () => 42);
    expect(value).toBe(42);
    expect(h.written.join('')).toMatch(/vite:deps bundled in \d+ms \+\d+ms/);
  });
});
