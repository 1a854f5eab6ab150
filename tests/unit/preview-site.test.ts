import { describe, expect, it } from 'vitest';
import { isPreviewHostname, previewOriginFor } from '@/lib/preview/preview-site';

describe('the preview site of a runtime frame', () => {
  it('is p<n>-<label>.localhost on the same port for a local runtime frame, a fresh site per restart', () => {
    expect(previewOriginFor('http://wabc-12345678-0.localhost:3000')).toBe('http://p0-wabc-12345678-0.localhost:3000');
    expect(previewOriginFor('http://wabc-12345678-0.localhost:3000', 2)).toBe('http://p2-wabc-12345678-0.localhost:3000');
    expect(isPreviewHostname('p0-wabc-12345678-0.localhost')).toBe(true);
  });

  it('sits beside the runtime frame under a configured wildcard origin, with its port', () => {
    const wildcard = 'https://*.rt.example.com:8443';
    expect(previewOriginFor('https://ws-1.rt.example.com:8443', 0, wildcard)).toBe('https://p0-ws-1.rt.example.com:8443');
    expect(previewOriginFor('https://ws-1.rt.example.com:8443', 3, wildcard)).toBe('https://p3-ws-1.rt.example.com:8443');
    expect(isPreviewHostname('p0-ws-1.rt.example.com', wildcard)).toBe(true);
    // Only one label under the wildcard: deeper names and other domains are not previews.
    for (const host of ['a.p0-ws-1.rt.example.com', 'p0-ws-1.example.com', 'p0-ws-1.rt.example.com.evil.net', 'p0-ws-1.other.example.com']) {
      expect(isPreviewHostname(host, wildcard), host).toBe(false);
    }
  });

  it('stays the runtime origin where there is no second host (a configured single runtime origin, or none)', () => {
    expect(previewOriginFor('https://ws-1.rt.example.com')).toBe('https://ws-1.rt.example.com');
    expect(previewOriginFor('https://rt.example.com', 0, 'https://rt.example.com')).toBe('https://rt.example.com');
    expect(isPreviewHostname('p0-rt.example.com', 'https://rt.example.com')).toBe(false);
    expect(previewOriginFor('http://p0-w1.localhost:3000', 1)).toBe('http://p0-w1.localhost:3000');
    expect(previewOriginFor('https://p0-ws-1.rt.example.com', 1, 'https://*.rt.example.com')).toBe('https://p0-ws-1.rt.example.com');
  });

  it('is never the IDE or a deeper name', () => {
    for (const host of ['localhost', 'p0-w.example.com', 'a.p0-w1.localhost', 'pw1.localhost', 'p-w1.localhost'])
      expect(isPreviewHostname(host), host).toBe(false);
  });
});
