import { describe, expect, it } from 'vitest';
import { embeddingRefusal, NOT_EMBEDDED_MESSAGE } from '@/lib/runtime-frame/serve/serve';

const ide = 'http://127.0.0.1:3000';

/** A window as the frame sees it: its parent, and the ancestors the browser reports (absent in Firefox). */
function framed(ancestors: string[] | null) {
  const list = ancestors && { length: ancestors.length, item: (i: number) => ancestors[i] ?? null, contains: (s: string) => ancestors.includes(s) };
  return { parent: {} as Window, location: { ancestorOrigins: list ?? undefined } as unknown as Location };
}

describe('the runtime frame checks who embeds it', () => {
  it('serves the IDE it was admitted for when that IDE is its only ancestor', () => {
    expect(embeddingRefusal(framed([ide]), ide)).toBeNull();
  });

  it('refuses another page, even one on the same port or a nested frame under the IDE', () => {
    expect(embeddingRefusal(framed(['http://localhost:3401']), ide)).toMatch(/embedded by http:\/\/localhost:3401/);
    expect(embeddingRefusal(framed(['http://localhost:3000']), ide)).toMatch(/serves only the IDE/);
    expect(embeddingRefusal(framed(['http://w1.localhost:3000', ide]), ide)).toMatch(/embedded by http:\/\/w1\.localhost:3000/);
  });

  it('does nothing when opened on its own, and leaves the decision to the handshake without an ancestor list', () => {
    const alone = { parent: undefined as unknown as Window, location: {} as Location };
    alone.parent = alone as unknown as Window;
    expect(embeddingRefusal(alone, ide)).toBe(NOT_EMBEDDED_MESSAGE);
    expect(embeddingRefusal(framed(null), ide)).toBeNull();
  });
});
