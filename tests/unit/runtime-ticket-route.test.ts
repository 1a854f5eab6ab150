import { describe, expect, it } from 'vitest';
import { GET, POST } from '@/app/api/runtime-ticket/route';
import { verifyTicket } from '@/lib/server/runtime-ticket';

const ide = 'http://127.0.0.1:3000';
const runtimeOrigin = 'http://wabc-tab12345-0.localhost:3000';

function ask(body: unknown, headers: Record<string, string> = {}, url = `${ide}/api/runtime-ticket`): Request {
  return new Request(url, {
    method: 'POST',
    headers: { host: new URL(url).host, origin: ide, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as { ticket?: string; error?: string; limitBytes?: number } };
}

describe('the runtime ticket route', () => {
  it('issues the IDE a ticket the runtime host then honours for that IDE', async () => {
    const { status, body } = await answer(await POST(ask({ origin: runtimeOrigin })));
    expect(status).toBe(200);
    expect(verifyTicket({ ticket: body.ticket, host: 'wabc-tab12345-0.localhost:3000' })).toEqual({ ok: true, ideOrigin: ide });
  });

  it('refuses pages that are not the IDE: another port, another site, the runtime site itself', async () => {
    expect((await POST(ask({ origin: runtimeOrigin }, { 'sec-fetch-site': 'same-site', origin: 'http://localhost:3401' }))).status).toBe(403);
    expect((await POST(ask({ origin: runtimeOrigin }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }))).status).toBe(403);
    const fromRuntime = ask({ origin: runtimeOrigin }, { origin: runtimeOrigin }, `${runtimeOrigin}/api/runtime-ticket`);
    expect((await POST(fromRuntime)).status).toBe(403);
  });

  it('refuses origins that are not a runtime host this IDE may embed, with a reason', async () => {
    for (const origin of [ide, 'http://wabc.localhost:3001', 'https://evil.example', `${runtimeOrigin}/path`, 'javascript:alert(1)']) {
      const { status, body } = await answer(await POST(ask({ origin })));
      expect([400, 403], origin).toContain(status);
      expect(body.error, origin).toBeTruthy();
    }
    expect((await POST(ask('{not json'))).status).toBe(400);
    expect((await POST(ask({ origin: runtimeOrigin, extra: 1 }))).status).toBe(400);
    const tooLarge = await answer(await POST(ask({ origin: 'x'.repeat(2000) })));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ limitBytes: 1000 });
  });

  it('answers other methods with 405 and Allow', async () => {
    const response = GET(new Request(`${ide}/api/runtime-ticket`));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
