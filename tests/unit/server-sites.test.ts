import { describe, expect, it } from 'vitest';
import { configuredRuntimeOrigin, devPagesEnabled, isServed, siteForHost, siteForRequest } from '@/lib/server/sites';

const none = {};
const deployed = { TABSMITH_RUNTIME_ORIGIN: 'https://*.rt.example-usercontent.com' };
const single = { TABSMITH_RUNTIME_ORIGIN: 'https://rt.example.net:8443' };

describe('which site a Host header is for', () => {
  it('treats every subdomain of localhost as the runtime site, at any depth, case and port', () => {
    for (const host of ['rt-abc123.localhost:3000', 'w.localhost', 'a.b.localhost:3200', 'RT-ABC.LOCALHOST:3000', 'rt.localhost.:3000']) {
      expect(siteForHost(host, none), host).toBe('runtime');
    }
  });

  it('treats a p<n>- subdomain of localhost as the preview site, apart from the runtime site', () => {
    for (const host of ['p0-w1-abc-0.localhost:3000', 'P12-W1.LOCALHOST', 'p3-w.localhost.']) expect(siteForHost(host, none), host).toBe('preview');
    for (const host of ['pw1.localhost:3000', 'p-w1.localhost', 'a.p0-w1.localhost', 'w-p0.localhost']) expect(siteForHost(host, none), host).toBe('runtime');
  });

  it('treats loopback names and every other host as the IDE site', () => {
    for (const host of ['localhost:3000', 'LOCALHOST', '127.0.0.1:3200', '[::1]:3000', 'evil.com', 'localhost.evil.com', 'evil.com:3000', 'ide.example.com']) {
      expect(siteForHost(host, none), host).toBe('ide');
    }
  });

  it('treats a missing or malformed Host as the IDE site (browsers always send a valid one)', () => {
    for (const host of [null, undefined, '', 'a b', 'localhost:3000@evil.com', 'evil.com/.localhost', 'x.localhost:port']) {
      expect(siteForHost(host, none), String(host)).toBe('ide');
    }
  });

  it('treats a p<n>- host beside a runtime under a configured wildcard origin as the preview site, on its port only', () => {
    expect(siteForHost('p0-ws-1.rt.example-usercontent.com', deployed)).toBe('preview');
    expect(siteForHost('P2-WS-1.rt.example-usercontent.com:443', deployed)).toBe('preview');
    expect(siteForHost('p0-ws-1.rt.example-usercontent.com:8443', deployed)).toBe('ide');
    expect(siteForHost('a.p0-ws-1.rt.example-usercontent.com', deployed)).toBe('runtime');
    expect(siteForHost('p0-rt.example.net:8443', single)).toBe('ide');
  });

  it('matches a configured wildcard runtime origin by host and default port', () => {
    expect(siteForHost('ws-1.rt.example-usercontent.com', deployed)).toBe('runtime');
    expect(siteForHost('WS-1.RT.example-usercontent.com:443', deployed)).toBe('runtime');
    expect(siteForHost('a.b.rt.example-usercontent.com', deployed)).toBe('runtime');
    expect(siteForHost('ws-1.rt.example-usercontent.com:8443', deployed)).toBe('ide');
    expect(siteForHost('rt.example-usercontent.com', deployed)).toBe('ide');
    expect(siteForHost('ws-1.rt.example-usercontent.com.evil.com', deployed)).toBe('ide');
    expect(siteForHost('evilrt.example-usercontent.com', deployed)).toBe('ide');
  });

  it('matches a configured plain runtime origin exactly, port included', () => {
    expect(siteForHost('rt.example.net:8443', single)).toBe('runtime');
    expect(siteForHost('rt.example.net', single)).toBe('ide');
    expect(siteForHost('x.rt.example.net:8443', single)).toBe('ide');
  });

  it('ignores X-Forwarded-Host, which a runtime page can set on its own requests', () => {
    const request = new Request('http://w.localhost:3000/api/ai', { headers: { host: 'w.localhost:3000', 'x-forwarded-host': 'localhost:3000' } });
    expect(siteForRequest(request, none)).toBe('runtime');
  });
});

describe('what each site serves', () => {
  it('serves only the runtime frame and its assets on the runtime site', () => {
    for (const path of [
      '/runtime-frame',
      '/runtime-frame/x',
      '/_next/static/chunks/a.js',
      '/__virtual__/3000/',
      '/__sw__.js',
      '/api/npm/react',
      '/preview-bridge.js',
      '/favicon.ico',
      '/icon.svg',
    ]) {
      expect(isServed('runtime', path, none), path).toBe(true);
    }
    for (const path of [
      '/',
      '/api/ai',
      '/api/computer-use',
      '/selftest',
      '/bench',
      '/runtime-framed',
      '/__sw__.js.map',
      '/api/npmx',
      '/vendor/esbuild-wasm/esbuild.wasm',
      '/api/git/github.com/o/r.git/info/refs',
      '/robots.txt',
    ]) {
      expect(isServed('runtime', path, none), path).toBe(false);
    }
  });

  it('serves only the relay, the service worker and what previews load on the preview site', () => {
    for (const path of ['/preview-relay', '/_next/static/chunks/a.js', '/__virtual__/3000/', '/__sw__.js', '/preview-bridge.js', '/favicon.ico']) {
      expect(isServed('preview', path, none), path).toBe(true);
    }
    for (const path of ['/', '/runtime-frame', '/api/npm/react', '/api/ai', '/api/git/github.com/o/r.git/git-receive-pack', '/selftest', '/%72untime-frame']) {
      expect(isServed('preview', path, none), path).toBe(false);
    }
    for (const path of ['/preview-relay', '/%70review-relay']) expect(isServed('runtime', path, none) || isServed('ide', path, none), path).toBe(false);
  });

  it('does not let encodings, dot segments or doubled slashes slip past the runtime allow-list', () => {
    for (const path of ['/api/npm/..%2fai', '/api/npm/%2e%2e/ai', '/_next/../api/ai', '/%5fnext/static/a.js', '/api/npm/%zz']) {
      expect(isServed('runtime', path, none), path).toBe(false);
    }
  });

  it('never serves the runtime frame on the IDE site, however the path is spelled', () => {
    for (const path of ['/runtime-frame', '/runtime-frame/', '/%72untime-frame', '//runtime-frame', '/Runtime-Frame', '/x/../runtime-frame']) {
      expect(isServed('ide', path, none), path).toBe(false);
    }
    for (const path of ['/', '/api/ai', '/_next/static/chunks/a.js', '/runtime-frames']) expect(isServed('ide', path, none), path).toBe(true);
  });
});

describe('development pages (/selftest, /bench)', () => {
  it('are 404 in a production start unless TABSMITH_DEV_PAGES=1', () => {
    const production = { NODE_ENV: 'production' };
    expect(devPagesEnabled(production)).toBe(false);
    expect(devPagesEnabled({ ...production, TABSMITH_DEV_PAGES: 'true' })).toBe(false);
    for (const path of ['/selftest', '/bench', '/bench/', '/selftest?x', '/%62ench'])
      expect(isServed('ide', path.split('?')[0] ?? path, production), path).toBe(false);
    expect(isServed('ide', '/benchmarks', production)).toBe(true);
  });

  it('are served with TABSMITH_DEV_PAGES=1 or by next dev', () => {
    expect(isServed('ide', '/selftest', { NODE_ENV: 'production', TABSMITH_DEV_PAGES: '1' })).toBe(true);
    expect(isServed('ide', '/bench', { NODE_ENV: 'development' })).toBe(true);
    expect(isServed('runtime', '/bench', { TABSMITH_DEV_PAGES: '1' })).toBe(false);
  });
});

describe('the runtime origin handed to the IDE page', () => {
  it('is the configured pattern, normalized, or null when unset or malformed', () => {
    expect(configuredRuntimeOrigin({ TABSMITH_RUNTIME_ORIGIN: 'HTTPS://*.RT.Example.net/' })).toBe('https://*.rt.example.net');
    expect(configuredRuntimeOrigin({})).toBeNull();
    expect(configuredRuntimeOrigin({ TABSMITH_RUNTIME_ORIGIN: '"><script>alert(1)</script>' })).toBeNull();
  });
});
