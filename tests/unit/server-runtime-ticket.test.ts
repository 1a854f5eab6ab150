import { describe, expect, it } from 'vitest';
import { exactIdeOriginsFor, ideSourcesFor, isIdeOriginFor } from '@/lib/server/ide-origins';
import { issueTicket, TICKET_TTL_MS, verifyTicket } from '@/lib/server/runtime-ticket';

const env = { TABSMITH_RUNTIME_TICKET_KEY: 'k'.repeat(40) };
const host = 'wabc-tab12345-0.localhost:3000';
const ide = 'http://127.0.0.1:3000';
const now = 1_800_000_000_000;

function ticket(overrides: Partial<Parameters<typeof issueTicket>[0]> = {}): string {
  const issued = issueTicket({ host, ideOrigin: ide, now, env, ...overrides });
  if (!issued) throw new Error('expected a ticket');
  return issued;
}

describe('runtime frame tickets', () => {
  it('admit the host they were issued for, and name the IDE they were issued to', () => {
    expect(verifyTicket({ ticket: ticket(), host, now: now + 1000, env })).toEqual({ ok: true, ideOrigin: ide });
    // Host headers differ in case only: the same host.
    expect(verifyTicket({ ticket: ticket(), host: host.toUpperCase(), now, env }).ok).toBe(true);
  });

  it('refuse another host, a missing, malformed or altered ticket, and one signed with another key', () => {
    const good = ticket();
    expect(verifyTicket({ ticket: good, host: 'wother-tab12345-0.localhost:3000', now, env })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not issued/),
    });
    expect(verifyTicket({ ticket: good, host: 'wabc-tab12345-0.localhost:3001', now, env }).ok).toBe(false);
    expect(verifyTicket({ ticket: null, host, now, env })).toMatchObject({ ok: false, reason: expect.stringMatching(/no valid ticket/) });
    expect(verifyTicket({ ticket: 'forged', host, now, env }).ok).toBe(false);
    const [expires, origin, mac = ''] = good.split('.');
    const flipped = `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    expect(verifyTicket({ ticket: `${expires}.${origin}.${flipped}`, host, now, env }).ok).toBe(false);
    // A later expiry or another IDE origin, with the signature left as it was.
    expect(verifyTicket({ ticket: `${Number(expires) + 1}.${origin}.${mac}`, host, now, env }).ok).toBe(false);
    const otherOrigin = Buffer.from('http://localhost:3000').toString('base64url');
    expect(verifyTicket({ ticket: `${expires}.${otherOrigin}.${mac}`, host, now, env }).ok).toBe(false);
    expect(verifyTicket({ ticket: good, host, now, env: { TABSMITH_RUNTIME_TICKET_KEY: 'x'.repeat(40) } }).ok).toBe(false);
  });

  it('expire after a short while', () => {
    const good = ticket();
    expect(verifyTicket({ ticket: good, host, now: now + TICKET_TTL_MS - 1, env }).ok).toBe(true);
    expect(verifyTicket({ ticket: good, host, now: now + TICKET_TTL_MS, env })).toMatchObject({ ok: false, reason: expect.stringMatching(/expired/) });
  });

  it('are not honoured for an IDE that may not embed the host, even when signed', () => {
    const foreign = ticket({ ideOrigin: 'http://localhost:3401' });
    expect(verifyTicket({ ticket: foreign, host, now, env })).toMatchObject({ ok: false, reason: expect.stringMatching(/may not embed/) });
  });

  it('use one random key per server process when none is configured', () => {
    const issued = issueTicket({ host, ideOrigin: ide, now, env: {} });
    expect(verifyTicket({ ticket: issued, host, now, env: {} }).ok).toBe(true);
    // A configured key shorter than 32 characters is not used: it would be guessable.
    expect(verifyTicket({ ticket: issued, host, now, env: { TABSMITH_RUNTIME_TICKET_KEY: 'short' } }).ok).toBe(true);
  });
});

describe('IDE origins allowed to embed a runtime host', () => {
  it('are the local IDE on the same port for a *.localhost host, at localhost or 127.0.0.1', () => {
    expect(exactIdeOriginsFor(host, {})).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(isIdeOriginFor('http://localhost:3000', host, {})).toBe(true);
    expect(isIdeOriginFor('http://localhost:3401', host, {})).toBe(false);
    expect(isIdeOriginFor('http://wabc-tab12345-0.localhost:3000', host, {})).toBe(false);
  });

  it('are only TABSMITH_IDE_ORIGIN for a configured runtime host, wildcards matched per host name', () => {
    const configured = { TABSMITH_IDE_ORIGIN: 'https://ide.example.com https://*.ides.example.com' };
    expect(ideSourcesFor('w1.run.example.com', configured)).toEqual(['https://ide.example.com', 'https://*.ides.example.com']);
    expect(exactIdeOriginsFor('w1.run.example.com', configured)).toEqual(['https://ide.example.com']);
    expect(isIdeOriginFor('https://a.ides.example.com', 'w1.run.example.com', configured)).toBe(true);
    expect(isIdeOriginFor('http://ide.example.com', 'w1.run.example.com', configured)).toBe(false);
    expect(isIdeOriginFor('https://ide.example.com/path', 'w1.run.example.com', configured)).toBe(false);
    expect(isIdeOriginFor('http://localhost:3000', 'w1.run.example.com', configured)).toBe(false);
  });
});
