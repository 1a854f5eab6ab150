// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parseRuntimeOriginPattern, patternToSource, readRuntimeOriginPattern, runtimeFrameOrigin } from '@/lib/runtime-site/origin';

const at = (href: string) => {
  const url = new URL(href);
  return { protocol: url.protocol, hostname: url.hostname, port: url.port };
};

describe('runtime frame origin for an IDE on this machine', () => {
  it('is <label>.localhost on the same port, whichever loopback name the IDE was opened at', () => {
    expect(runtimeFrameOrigin(at('http://localhost:3000/'), null, 'rt-abc123')).toBe('http://rt-abc123.localhost:3000');
    expect(runtimeFrameOrigin(at('http://127.0.0.1:3200/?runtime=offline'), undefined, 'w1')).toBe('http://w1.localhost:3200');
    expect(runtimeFrameOrigin(at('http://[::1]:8080/'), '', 'w1')).toBe('http://w1.localhost:8080');
    expect(runtimeFrameOrigin(at('http://LOCALHOST/'), null, 'w1')).toBe('http://w1.localhost');
  });

  it('gives each workspace label its own origin', () => {
    const a = runtimeFrameOrigin(at('http://localhost:3000/'), null, 'ws-a');
    const b = runtimeFrameOrigin(at('http://localhost:3000/'), null, 'ws-b');
    expect(a).not.toBe(b);
  });

  it('prefers localhost over a configured pattern (a developer running a deployment config locally)', () => {
    expect(runtimeFrameOrigin(at('http://localhost:3000/'), 'https://*.rt.example.com', 'w1')).toBe('http://w1.localhost:3000');
  });
});

describe('runtime frame origin for a deployment', () => {
  const ide = at('https://ide.example.com/');

  it('substitutes the label into a wildcard pattern', () => {
    expect(runtimeFrameOrigin(ide, 'https://*.rt.example-usercontent.com', 'ws-9')).toBe('https://ws-9.rt.example-usercontent.com');
    expect(runtimeFrameOrigin(ide, 'https://*.rt.example.net:8443/', 'ws-9')).toBe('https://ws-9.rt.example.net:8443');
  });

  it('uses a plain origin as is, for every workspace', () => {
    expect(runtimeFrameOrigin(ide, 'https://rt.example.net', 'a')).toBe('https://rt.example.net');
    expect(runtimeFrameOrigin(ide, 'https://rt.example.net:443', 'b')).toBe('https://rt.example.net');
  });

  it('is null without a configuration, or when the configuration names the IDE itself', () => {
    expect(runtimeFrameOrigin(ide, null, 'w1')).toBeNull();
    expect(runtimeFrameOrigin(ide, 'https://ide.example.com', 'w1')).toBeNull();
    expect(runtimeFrameOrigin(at('https://w1.example.com/'), 'https://*.example.com', 'w1')).toBeNull();
  });

  it('is null for a malformed pattern rather than a guess', () => {
    for (const bad of [
      'rt.example.com',
      'ftp://rt.example.com',
      'https://rt.example.com/path',
      'https://user@rt.example.com',
      'https://a.*.example.com',
      'https://*',
      'https://rt.example.com:99999',
      'javascript:alert(1)',
    ]) {
      expect(runtimeFrameOrigin(ide, bad, 'w1'), bad).toBeNull();
    }
  });

  it('refuses labels that are not one lowercase DNS label', () => {
    for (const label of ['', 'A', 'a.b', '-a', 'a-', 'a_b', 'x'.repeat(41), 'a/b', 'evil.com#']) {
      expect(() => runtimeFrameOrigin(ide, 'https://*.rt.example.net', label), label).toThrow(RangeError);
    }
  });
});

describe('runtime origin patterns', () => {
  it('parse to a normalized form and write back as CSP sources', () => {
    const pattern = parseRuntimeOriginPattern(' HTTPS://*.RT.Example.com/ ');
    expect(pattern).toEqual({ protocol: 'https:', hostname: 'rt.example.com', wildcard: true, port: '' });
    expect(pattern && patternToSource(pattern)).toBe('https://*.rt.example.com');
    const withPort = parseRuntimeOriginPattern('http://rt.test:8080');
    expect(withPort && patternToSource(withPort)).toBe('http://rt.test:8080');
  });
});

describe('reading the configured pattern in the page', () => {
  it('comes from the meta tag the server renders, or is null', () => {
    expect(readRuntimeOriginPattern(document)).toBeNull();
    document.head.innerHTML = '<meta name="tabsmith-runtime-origin" content="https://*.rt.example.net">';
    expect(readRuntimeOriginPattern(document)).toBe('https://*.rt.example.net');
  });
});
