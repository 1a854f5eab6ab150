import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import {
  CROSS_ORIGIN_ISOLATION_HEADERS,
  ISOLATED_PATHS_SOURCE,
  STATIC_SECURITY_HEADERS,
  isCrossOriginIsolatedPath,
  createNonce,
  ideContentSecurityPolicy,
  previewContentSecurityPolicy,
  runtimeContentSecurityPolicy,
  securityHeaders,
} from '@/lib/server/security-headers';

/** A policy as a map from directive to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

const production = { NODE_ENV: 'production' };

describe('headers on every response', () => {
  it('are cross-origin isolated, nosniff and with a referrer policy', () => {
    const headers = Object.fromEntries([...STATIC_SECURITY_HEADERS, ...CROSS_ORIGIN_ISOLATION_HEADERS].map(({ key, value }) => [key, value]));
    expect(headers).toMatchObject({
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });
});

/** The path-to-regexp Next compiles next.config's `source` patterns with (it ships no types). */
const { pathToRegexp } = createRequire(import.meta.url)('next/dist/compiled/path-to-regexp') as {
  pathToRegexp(path: string, keys: unknown[], options: { strict: boolean; sensitive: boolean; delimiter: string }): RegExp;
};

describe('cross-origin isolation', () => {
  const paths = [
    '/',
    '/?ws=abc',
    '/preview-window',
    '/api/ai',
    '/_next/static/chunks/a.js',
    '/webcontainer',
    '/webcontainer/connect',
    '/webcontainer/connect/',
    '/webcontainer/connect/abc/more',
    '/x/webcontainer/connect/abc',
  ];

  it("covers every path but WebContainer's connect page, which must keep its opener", () => {
    for (const path of paths) expect(isCrossOriginIsolatedPath(path), path).toBe(true);
    expect(isCrossOriginIsolatedPath('/webcontainer/connect/k03e2io1v3fx9wvj0vr8qd5q58o56n')).toBe(false);
  });

  it("next.config's source, compiled as Next compiles it (case-insensitive, strict), agrees", () => {
    const source = pathToRegexp(ISOLATED_PATHS_SOURCE, [], { strict: true, sensitive: false, delimiter: '/' });
    for (const path of paths) expect(source.test(path.split('?')[0] ?? ''), path).toBe(true);
    expect(source.test('/webcontainer/connect/k03e2io1v3fx9wvj0vr8qd5q58o56n')).toBe(false);
  });
});

describe("the IDE's Content-Security-Policy", () => {
  const ide = directives(ideContentSecurityPolicy({ pathname: '/', nonce: 'abc123', env: production }));

  it('runs only nonce-carrying scripts and what they load, and cannot be framed', () => {
    expect(ide.get('script-src')).toEqual(expect.arrayContaining(["'nonce-abc123'", "'strict-dynamic'"]));
    expect(ide.get('script-src')).not.toContain("'unsafe-inline'");
    expect(ide.get('frame-ancestors')).toEqual(["'none'"]);
    expect(ide.get('object-src')).toEqual(["'none'"]);
    expect(ide.get('base-uri')).toEqual(["'self'"]);
    expect(ide.get('worker-src')).toEqual(["'self'", 'blob:']);
  });

  it('may frame the local runtime site, WebContainer and a configured runtime origin', () => {
    expect(ide.get('frame-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'http://*.localhost:*',
        'https://stackblitz.com',
        'https://*.stackblitz.com',
        'https://*.webcontainer-api.io',
        'https://*.webcontainer.io',
      ]),
    );
    const configured = directives(ideContentSecurityPolicy({ pathname: '/', env: { TABSMITH_RUNTIME_ORIGIN: 'https://*.rt.example.net' } }));
    expect(configured.get('frame-src')).toContain('https://*.rt.example.net');
    const malformed = directives(ideContentSecurityPolicy({ pathname: '/', env: { TABSMITH_RUNTIME_ORIGIN: "https://x.test; script-src 'unsafe-inline'" } }));
    expect(malformed.get('frame-src')?.join(' ')).not.toContain('x.test');
    expect(malformed.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('never allows eval on the IDE page (user code runs in the runtime frame), only on the in-page bench and contract suite', () => {
    const evalSources = ["'unsafe-eval'", "'wasm-unsafe-eval'"];
    expect(ide.get('script-src')?.some((source) => evalSources.includes(source))).toBe(false);
    for (const pathname of ['/bench', '/selftest']) {
      expect(directives(ideContentSecurityPolicy({ pathname, env: production })).get('script-src')).toEqual(expect.arrayContaining(evalSources));
    }
  });

  it('is not sent on static files (a CSP on a worker script would restrict the worker)', () => {
    for (const pathname of ['/_next/static/chunks/a.js', '/__sw__.js', '/preview-bridge.js']) {
      expect(securityHeaders({ site: 'ide', pathname, env: production }), pathname).toEqual({});
    }
    expect(securityHeaders({ site: 'ide', pathname: '/', env: production })['Content-Security-Policy']).toBeDefined();
  });
});

describe("the runtime site's headers", () => {
  it('let the IDE embed it under COEP, and only the IDE: the local one on the same port', () => {
    const headers = securityHeaders({ site: 'runtime', pathname: '/runtime-frame', env: production, host: 'wabc-1.localhost:3000' });
    expect(headers['Cross-Origin-Resource-Policy']).toBe('cross-origin');
    const policy = directives(headers['Content-Security-Policy'] ?? '');
    // A page on another local port is another program: it may not frame the runtime and drive it.
    expect(policy.get('frame-ancestors')).toEqual(["'self'", 'http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(policy.get('script-src')).toEqual(expect.arrayContaining(["'unsafe-inline'", "'unsafe-eval'", "'wasm-unsafe-eval'", 'blob:']));
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('add configured IDE origins to frame-ancestors, dropping malformed ones', () => {
    const policy = directives(runtimeContentSecurityPolicy({ TABSMITH_IDE_ORIGIN: 'https://ide.example.com, https://evil.example/x *' }, 'w1.localhost'));
    expect(policy.get('frame-ancestors')).toEqual(["'self'", 'http://localhost', 'http://127.0.0.1', 'https://ide.example.com']);
  });

  it('let no local page embed a runtime site on a configured origin, nor one reached with a malformed Host', () => {
    const env = { TABSMITH_RUNTIME_ORIGIN: 'https://*.run.example.com', TABSMITH_IDE_ORIGIN: 'https://ide.example.com' };
    expect(directives(runtimeContentSecurityPolicy(env, 'w1.run.example.com')).get('frame-ancestors')).toEqual(["'self'", 'https://ide.example.com']);
    expect(directives(runtimeContentSecurityPolicy({}, 'bad host!')).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('give static files CORP but no CSP', () => {
    expect(securityHeaders({ site: 'runtime', pathname: '/_next/static/chunks/a.js', env: production })).toEqual({
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });
});

describe("the preview site's headers", () => {
  it('let only the IDE embed it (not the runtime site, not itself), under COEP', () => {
    const headers = securityHeaders({ site: 'preview', pathname: '/preview-relay', env: production, host: 'p0-wabc-1.localhost:3000' });
    expect(headers['Cross-Origin-Resource-Policy']).toBe('cross-origin');
    expect(directives(headers['Content-Security-Policy'] ?? '').get('frame-ancestors')).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(directives(previewContentSecurityPolicy({}, 'bad host!')).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('nonces', () => {
  it('are fresh, unguessable base64', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
