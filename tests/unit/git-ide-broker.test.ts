/**
 * The IDE's side of git's network: the frame's exchange goes to this app's git proxy, with the user's token only
 * where they allowed it, and the answer crosses back to the frame validated.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { answerTokenUse, approveTokenUse, pendingTokenAsks, subscribeTokenAsks } from '@/lib/git/approvals';
import { carryGitExchange } from '@/lib/git/ide-broker';
import { describeExchange } from '@/lib/git/http-exchange';
import { ideCalls } from '@/lib/runtime-frame/serve/ide-calls';
import { answerFrameCall } from '@/lib/runtime/isolated/ide-side/frame-calls';
import { answerEnvelopeSchema, frameMessageSchema } from '@/lib/runtime/isolated/protocol';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

function fakeProxy(answer: () => Response) {
  const seen: Seen[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const body = init.body ? new Uint8Array(await new Response(init.body).arrayBuffer()) : null;
    seen.push({ url, method: String(init.method), headers: Object.fromEntries(new Headers(init.headers)), body });
    return answer();
  }) as unknown as typeof globalThis.fetch;
  return { seen, fetch };
}

const TOKEN = 'ghp_secretvalue1234';
const credentials = async () => ({ 'github.com': { token: TOKEN } });
const stopAnswering: (() => void)[] = [];
/** Answers every approval the broker asks for, and records what was asked. */
function answerAsks(allowed: boolean) {
  const asked: string[] = [];
  stopAnswering.push(
    subscribeTokenAsks((asks) => {
      for (const ask of asks) {
        asked.push(`${ask.write ? 'write' : 'read'} ${ask.repository}`);
        queueMicrotask(() => answerTokenUse(ask.id, allowed));
      }
    }),
  );
  return asked;
}
afterEach(() => {
  for (const stop of stopAnswering.splice(0)) stop();
  for (const ask of pendingTokenAsks()) answerTokenUse(ask.id, false);
});

describe("git's exchanges through the IDE", () => {
  it('names the repository and the service of each endpoint', () => {
    expect(describeExchange('https://github.com/o/r.git/info/refs?service=git-receive-pack')).toEqual({
      host: 'github.com',
      repository: 'https://github.com/o/r.git',
      service: 'git-receive-pack',
    });
    expect(describeExchange('http://127.0.0.1:4990/public/demo.git/git-upload-pack')).toEqual({
      host: '127.0.0.1:4990',
      repository: 'http://127.0.0.1:4990/public/demo.git',
      service: 'git-upload-pack',
    });
  });

  it("sends a public read to the proxy without a token, with only git's headers, and passes the answer back", async () => {
    const proxy = fakeProxy(
      () => new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'content-type': 'application/x-git-upload-pack-result', 'set-cookie': 'a=b' } }),
    );
    const response = await carryGitExchange(
      {
        url: 'https://gitlab.com/o/r.git/git-upload-pack',
        method: 'POST',
        headers: { 'Content-Type': 'application/x-git-upload-pack-request', Cookie: 'x', 'X-Other': 'y' },
        body: new Uint8Array([9, 8]),
      },
      { userStarted: false, fetch: proxy.fetch, credentials },
    );
    expect(proxy.seen).toEqual([
      {
        url: '/api/git/gitlab.com/o/r.git/git-upload-pack',
        method: 'POST',
        headers: { 'content-type': 'application/x-git-upload-pack-request' },
        body: new Uint8Array([9, 8]),
      },
    ]);
    expect(response).toMatchObject({ statusCode: 200, body: new Uint8Array([1, 2, 3]), headers: { 'content-type': 'application/x-git-upload-pack-result' } });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('adds the saved token for a terminal read only once the user allows it, and asks once per repository', async () => {
    const asked = answerAsks(true);
    const proxy = fakeProxy(() => new Response('ok'));
    const read = { url: 'https://github.com/o/private.git/info/refs?service=git-upload-pack', method: 'GET' as const, headers: {} };
    await carryGitExchange(read, { userStarted: false, fetch: proxy.fetch, credentials });
    await carryGitExchange(
      { ...read, url: 'https://github.com/o/private.git/git-upload-pack', method: 'POST' },
      { userStarted: false, fetch: proxy.fetch, credentials },
    );
    expect(asked).toEqual(['read https://github.com/o/private.git']);
    const expected = `Basic ${btoa(`x-access-token:${TOKEN}`)}`;
    expect(proxy.seen.map((seen) => seen.headers['x-git-authorization'])).toEqual([expected, expected]);
  });

  it('refuses a push with the token when the user denies it, and sends nothing', async () => {
    const asked = answerAsks(false);
    const proxy = fakeProxy(() => new Response('ok'));
    const push = { url: 'https://github.com/o/other.git/info/refs?service=git-receive-pack', method: 'GET' as const, headers: {} };
    await expect(carryGitExchange(push, { userStarted: false, fetch: proxy.fetch, credentials })).rejects.toThrow(
      'you did not allow the use of your github.com token for https://github.com/o/other.git',
    );
    expect(asked).toEqual(['write https://github.com/o/other.git']);
    expect(proxy.seen).toEqual([]);
  });

  it('uses the token at once for what the user started in the IDE, and passes on credentials typed into the URL', async () => {
    const asked = answerAsks(true);
    const proxy = fakeProxy(() => new Response('ok'));
    await carryGitExchange(
      { url: 'https://github.com/o/mine.git/info/refs?service=git-upload-pack', method: 'GET', headers: {} },
      { userStarted: true, fetch: proxy.fetch, credentials },
    );
    await carryGitExchange(
      { url: 'https://codeberg.org/o/r.git/info/refs?service=git-upload-pack', method: 'GET', headers: { Authorization: 'Basic dTpw' } },
      { userStarted: false, fetch: proxy.fetch, credentials },
    );
    expect(asked).toEqual([]);
    expect(proxy.seen.map((seen) => seen.headers['x-git-authorization'])).toEqual([`Basic ${btoa(`x-access-token:${TOKEN}`)}`, 'Basic dTpw']);
  });

  it("makes the proxy's refusal the status message git shows", async () => {
    const proxy = fakeProxy(() => Response.json({ error: 'git host evil.example is not allowed here' }, { status: 403 }));
    const response = await carryGitExchange(
      { url: 'https://evil.example/x.git/info/refs?service=git-upload-pack', method: 'GET', headers: {} },
      { userStarted: false, fetch: proxy.fetch, credentials },
    );
    expect(response).toMatchObject({ statusCode: 403, statusMessage: 'git host evil.example is not allowed here' });
  });

  it('carries a call from the frame to the IDE and its answer back over the port, validated on both ends', async () => {
    const channel = new MessageChannel();
    const frame = ideCalls((message) => channel.port1.postMessage(message));
    channel.port1.onmessage = (event) => frame.answer(answerEnvelopeSchema.parse(event.data));
    channel.port2.onmessage = (event) => {
      const message = frameMessageSchema.parse(event.data);
      if (message.kind !== 'call') return;
      answerFrameCall(channel.port2, message.id, message.call, {
        gitHttp: async (request) => ({
          url: request.url,
          statusCode: 200,
          statusMessage: 'OK',
          headers: {},
          body: new TextEncoder().encode(`${request.method} ${request.url}`),
        }),
      });
    };
    const answer = await frame.gitHttp({ url: 'https://github.com/o/r.git/info/refs?service=git-upload-pack', method: 'GET', headers: {} });
    expect(new TextDecoder().decode(answer.body)).toBe('GET https://github.com/o/r.git/info/refs?service=git-upload-pack');
    // A call the IDE offers nothing for comes back as an error, not silence.
    channel.port2.onmessage = (event) => {
      const message = frameMessageSchema.parse(event.data);
      if (message.kind === 'call') answerFrameCall(channel.port2, message.id, message.call, {});
    };
    await expect(frame.gitHttp({ url: 'https://github.com/o/r.git/info/refs', method: 'GET', headers: {} })).rejects.toThrow(
      'the IDE does not offer git.http here',
    );
    channel.port1.close();
  });
});

describe('the approvals the dialog shows', () => {
  it('keeps one snapshot until the asks change, as an external store must', async () => {
    const before = pendingTokenAsks();
    expect(pendingTokenAsks()).toBe(before);
    const answer = approveTokenUse('github.com', 'https://github.com/o/snap.git', true);
    const during = pendingTokenAsks();
    expect(during).not.toBe(before);
    expect(pendingTokenAsks()).toBe(during);
    expect(during.map((ask) => ask.repository)).toEqual(['https://github.com/o/snap.git']);
    answerTokenUse(during[0]?.id ?? -1, true);
    await expect(answer).resolves.toBe(true);
    expect(pendingTokenAsks()).toEqual([]);
  });
});
