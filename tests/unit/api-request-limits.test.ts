import { Readable } from 'node:stream';
import { GenerateContentResponse, FinishReason } from '@google/genai';
// Next's own buffering of a request body for proxy.ts: the tests send bodies through it as the server does.
import { getCloneableBody } from 'next/dist/server/body-streams';
import { describe, expect, it } from 'vitest';
import nextConfig from '@/next.config';
import { MAX_CHAT_BODY_BYTES } from '@/lib/agent/messages';
import { MAX_PLAN_BODY_BYTES } from '@/lib/agent/server/plan';
import { handleComputerUse } from '@/lib/computer-use/server/handler';
import type { GenerateContent } from '@/lib/computer-use/server/gemini';
import { MAX_COMPUTER_USE_BODY_BYTES } from '@/lib/computer-use/session-protocol';
import * as aiRoute from '@/app/api/ai/route';
import * as computerUseRoute from '@/app/api/computer-use/route';
import * as settingsRoute from '@/app/api/ai/settings/route';
import * as npmRoute from '@/app/api/npm/[...path]/route';

const ENV = { GOOGLE_GENERATIVE_AI_API_KEY: 'AIza-test-key' };
const CHUNK = 64 * 1024;

function countingGenerate() {
  let calls = 0;
  const generate: GenerateContent = async () => {
    calls += 1;
    return Object.assign(new GenerateContentResponse(), {
      candidates: [{ content: { role: 'model', parts: [{ text: 'done' }] }, finishReason: FinishReason.STOP }],
    });
  };
  return { generate, calls: () => calls };
}

/** A computer-use body of about `bytes` bytes: one user turn whose text fills it. */
function computerUseBody(bytes: number): Uint8Array {
  const envelope = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: '' }] }] });
  return new TextEncoder().encode(JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'A'.repeat(bytes - envelope.length) }] }] }));
}

/**
 * The request the route handler sees after Next buffered the body for proxy.ts with this app's configured
 * limit: the client's bytes arrive in 64 KB chunks, without a Content-Length (as a chunked upload does).
 */
async function throughProxyBuffer(body: Uint8Array): Promise<Request> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < body.byteLength; at += CHUNK) chunks.push(Buffer.from(body.subarray(at, at + CHUNK)));
  const incoming = Readable.from(chunks);
  const limit = nextConfig.experimental?.proxyClientMaxBodySize;
  expect(typeof limit).toBe('number');
  const cloneable = getCloneableBody(incoming as never, limit as number);
  const proxyCopy = cloneable.cloneBodyStream();
  for await (const chunk of proxyCopy) void chunk;
  await cloneable.finalize();
  const stream = Readable.toWeb(incoming) as ReadableStream<Uint8Array>;
  return new Request('http://t/api/computer-use', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
}

describe('/api/computer-use: one body limit', () => {
  it('is the largest route limit, and the proxy layer passes more than it', () => {
    expect(MAX_COMPUTER_USE_BODY_BYTES).toBe(16 * 1024 * 1024);
    expect(MAX_COMPUTER_USE_BODY_BYTES).toBeGreaterThan(MAX_CHAT_BODY_BYTES);
    expect(MAX_COMPUTER_USE_BODY_BYTES).toBeGreaterThan(MAX_PLAN_BODY_BYTES);
    expect(nextConfig.experimental?.proxyClientMaxBodySize).toBeGreaterThan(MAX_COMPUTER_USE_BODY_BYTES + CHUNK);
  });

  it("answers a valid 12 MB body (over the proxy layer's 10 MB default) instead of calling it invalid JSON", async () => {
    const { generate, calls } = countingGenerate();
    const res = await handleComputerUse(await throughProxyBuffer(computerUseBody(12 * 1024 * 1024)), { env: ENV, generate });
    expect(res.status).toBe(200);
    expect(calls()).toBe(1);
  });

  it('answers a valid body just under the limit', async () => {
    const { generate } = countingGenerate();
    const res = await handleComputerUse(await throughProxyBuffer(computerUseBody(MAX_COMPUTER_USE_BODY_BYTES - 10)), { env: ENV, generate });
    expect(res.status).toBe(200);
  });

  it.each([
    ['one byte over the limit', MAX_COMPUTER_USE_BODY_BYTES + 1],
    ['17 MB', 17 * 1024 * 1024],
    ['40 MB', 40 * 1024 * 1024],
  ])('refuses a body %s with 413 stating the limit, without a model call', async (_label, bytes) => {
    const { generate, calls } = countingGenerate();
    const res = await handleComputerUse(await throughProxyBuffer(computerUseBody(bytes)), { env: ENV, generate });
    expect(res.status).toBe(413);
    const json = (await res.json()) as { error: string; limitBytes: number };
    expect(json.limitBytes).toBe(MAX_COMPUTER_USE_BODY_BYTES);
    expect(json.error).toContain('16 MB');
    expect(json.error).toContain(String(MAX_COMPUTER_USE_BODY_BYTES));
    expect(calls()).toBe(0);
  });

  it('refuses a declared Content-Length over the limit with the same 413', async () => {
    const res = await handleComputerUse(
      new Request('http://t/api/computer-use', { method: 'POST', body: '{}', headers: { 'content-length': String(100 * 1024 * 1024) } }),
      { env: ENV },
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { limitBytes: number }).limitBytes).toBe(MAX_COMPUTER_USE_BODY_BYTES);
  });
});

describe('405 answers', () => {
  const request = (method: string, path: string) => new Request(`http://t${path}`, { method });

  it.each([
    ['GET', computerUseRoute.GET, '/api/computer-use', 'POST, OPTIONS'],
    ['DELETE', computerUseRoute.DELETE, '/api/computer-use', 'POST, OPTIONS'],
    ['GET', aiRoute.GET, '/api/ai', 'POST, PUT, OPTIONS'],
    ['POST', settingsRoute.POST, '/api/ai/settings', 'GET, HEAD, OPTIONS'],
    ['PUT', npmRoute.PUT, '/api/npm/react', 'GET, HEAD, OPTIONS'],
  ])('%s %s carries Allow and a reason', async (method, handler, path, allow) => {
    const res = handler(request(method, path));
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe(allow);
    const { error } = (await res.json()) as { error: string };
    expect(error).toContain(`Method ${method} is not allowed`);
    expect(error).toContain(path);
  });

  it('OPTIONS lists only the methods the route takes', () => {
    const res = computerUseRoute.OPTIONS(request('OPTIONS', '/api/computer-use'));
    expect(res.status).toBe(204);
    expect(res.headers.get('Allow')).toBe('POST, OPTIONS');
  });
});
