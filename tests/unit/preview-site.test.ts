import { describe, expect, it } from 'vitest';
import { isPreviewHostname, previewOriginFor } from '@/lib/preview/preview-site';

describe('the preview site of a runtime frame', () => {
  it('is p<n>-<label>.localhost on the same port for a local runtime frame, a fresh site per restart', () => {
    expect(previewOriginFor('http://wabc-12345678-0.localhost:3000')).toBe('http://p0-wabc-12345678-0.localhost:3000');
    expect(previewOriginFor('http://wabc-12345678-0.localhost:3000', 2)).toBe('http://p2-wabc-12345678-0.localhost:3000');
    expect(isPreviewHostname('p0-wabc-12345678-0.localhost')).toBe(true);
  });

  it('stays the runtime origin where there is no second wildcard (a configured runtime origin)', () => {
    expect(previewOriginFor('https://ws-1.rt.example.com')).toBe('https://ws-1.rt.example.com');
    expect(previewOriginFor('http://p0-w1.localhost:3000', 1)).toBe('http://p0-w1.localhost:3000');
  });

  it('is never the IDE or a deeper name', () => {
    for (const host of ['localhost', 'p0-w.example.com', 'a.p0-w1.localhost', 'pw1.localhost', 'p-w1.localhost']) expect(isPreviewHostname(host), host).toBe(false);
  });
});
