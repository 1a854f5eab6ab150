import { describe, expect, it } from 'vitest';
import { guardRequest } from '@/lib/server/request-guard';

const env = {};
const post = (headers: Record<string, string>, url = 'http://127.0.0.1:3000/api/ai') =>
  new Request(url, { method: 'POST', headers: { host: new URL(url).host, ...headers }, body: '{}' });

async function refusal(response: Response | null) {
  if (!response) throw new Error('expected the guard to refuse the request');
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

describe('request guard for JSON API routes', () => {
  it('lets the IDE itself through (same-origin JSON, with or without Sec-Fetch-Site)', () => {
    expect(guardRequest(post({ 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }), { json: true, env })).toBeNull();
    expect(guardRequest(post({ 'content-type': 'application/json; charset=utf-8', origin: 'http://127.0.0.1:3000' }), { json: true, env })).toBeNull();
    expect(
      guardRequest(post({ 'content-type': 'application/json', origin: 'https://ide.example.com' }, 'https://ide.example.com/api/ai'), { json: true, env }),
    ).toBeNull();
  });

  it('refuses a cross-site text/plain POST (the no-preflight attack) with 403 and a reason', async () => {
    const result = await refusal(
      guardRequest(post({ 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), { json: true, env }),
    );
    expect(result.status).toBe(403);
    expect(result.error).toMatch(/cross-site/);
    const noFetchMetadata = await refusal(guardRequest(post({ 'content-type': 'text/plain', origin: 'https://evil.example' }), { json: true, env }));
    expect(noFetchMetadata.status).toBe(403);
    expect(noFetchMetadata.error).toMatch(/evil\.example/);
  });

  it('refuses same-site and sibling-origin requests, and a lying Origin when Sec-Fetch-Site says otherwise', async () => {
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-site', origin: 'http://w.localhost:3000' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://127.0.0.1:3000' },
      { origin: 'http://127.0.0.1:3001' },
      { origin: 'http://localhost:3000' },
      { origin: 'null' },
      { origin: 'file://' },
    ];
    for (const headers of cases) {
      expect((await refusal(guardRequest(post({ 'content-type': 'application/json', ...headers }), { json: true, env }))).status, JSON.stringify(headers)).toBe(
        403,
      );
    }
  });

  it('refuses a POST that names neither Sec-Fetch-Site nor Origin', async () => {
    const result = await refusal(guardRequest(post({ 'content-type': 'application/json' }), { json: true, env }));
    expect(result.status).toBe(403);
    expect(result.error).toMatch(/Origin/);
  });

  it('answers 415 to a same-origin request whose body is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx']) {
      const result = await refusal(guardRequest(post({ 'content-type': type, 'sec-fetch-site': 'same-origin' }), { json: true, env }));
      expect(result.status, type).toBe(415);
      expect(result.error).toMatch(/application\/json/);
    }
    expect((await refusal(guardRequest(post({ 'sec-fetch-site': 'same-origin' }), { json: true, env }))).status).toBe(415);
  });

  it('refuses requests to the runtime site, even same-origin ones from its own pages', async () => {
    const fromRuntime = post(
      { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-forwarded-host': '127.0.0.1:3000' },
      'http://w.localhost:3000/api/ai',
    );
    const result = await refusal(guardRequest(fromRuntime, { json: true, env }));
    expect(result.status).toBe(403);
    expect(result.error).toMatch(/runtime site/);
  });
});

describe('request guard for the npm proxy (GET, both sites)', () => {
  const get = (headers: Record<string, string>, url = 'http://w.localhost:3000/api/npm/react') =>
    new Request(url, { headers: { host: new URL(url).host, ...headers } });
  const options = { json: false, allowRuntimeSite: true, env };

  it('answers the runtime frame on its own origin, a person opening the URL, and non-browser clients', () => {
    expect(guardRequest(get({ 'sec-fetch-site': 'same-origin' }), options)).toBeNull();
    expect(guardRequest(get({ 'sec-fetch-site': 'none' }), options)).toBeNull();
    expect(guardRequest(get({}), options)).toBeNull();
    expect(guardRequest(get({ 'sec-fetch-site': 'same-origin' }, 'http://127.0.0.1:3000/api/npm/react'), options)).toBeNull();
  });

  it('refuses other sites using it as an open relay', async () => {
    expect((await refusal(guardRequest(get({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }), options))).status).toBe(403);
    expect((await refusal(guardRequest(get({ 'sec-fetch-site': 'same-site', origin: 'http://other.localhost:3000' }), options))).status).toBe(403);
    expect((await refusal(guardRequest(get({ origin: 'https://evil.example' }), options))).status).toBe(403);
  });
});
