/**
 * Bodies through the proxy, each with its limit.
 *
 * A request body (a push's packfile, or a fetch's list of wants and haves) is read whole before the host is
 * contacted: an over-limit push is then refused with a 413 before any of it reaches the host, a body cut short
 * on its way here is caught instead of being forwarded as a broken packfile, and a redirect can send the same
 * body again. Next buffers request bodies for its proxy layer anyway, so streaming it would save no memory.
 *
 * A response body (a clone's packfile, up to a gigabyte) is never held: it streams through chunk by chunk,
 * counted, and the stream fails once it passes the limit.
 */
import { concatBytes } from '../../bytes';
import { GitProxyError } from './errors';
import { describeBytes } from './limits';

function tooLarge(limit: number): GitProxyError {
  return new GitProxyError(413, `The request body is larger than the git proxy's limit of ${describeBytes(limit)}; push fewer or smaller commits at a time.`);
}

/**
 * The request body, at most `limit` bytes (413 past it, checked on the declared length first, then while
 * reading, so a missing or lying Content-Length changes nothing). When `signal` aborts, reading stops and its
 * reason is thrown.
 */
export async function readRequestBody(request: Request, limit: number, signal: AbortSignal): Promise<Uint8Array> {
  const declaredHeader = request.headers.get('content-length');
  const declared = declaredHeader === null ? null : Number(declaredHeader);
  if (declared !== null && Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const stop = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw signal.reason;
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  // Next's proxy layer cuts bodies past its own size limit without a word; the declared length still tells.
  if (declared !== null && Number.isFinite(declared) && size < declared) {
    throw new GitProxyError(400, `The request body arrived cut short (${size} of ${declared} bytes); nothing was sent to the git host.`);
  }
  return concatBytes(chunks, size);
}

class ResponseTooLarge extends Error {
  constructor(host: string, limit: number) {
    super(`The answer from ${host} is larger than the git proxy's limit of ${describeBytes(limit)}; it was cut off.`);
    this.name = 'ResponseTooLarge';
  }
}

/**
 * `body` passed on as it arrives (one chunk read per chunk the client asks for, so a slow client slows the
 * host instead of filling memory), failing with ResponseTooLarge once more than `limit` bytes went through.
 * `finished` runs once, when the stream ends, fails or is cancelled.
 */
export function limitedBody(body: ReadableStream<Uint8Array>, limit: number, host: string, finished: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    finished();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          controller.close();
          finish();
          return;
        }
        size += chunk.value.byteLength;
        if (size > limit) {
          const error = new ResponseTooLarge(host, limit);
          controller.error(error);
          finish();
          await reader.cancel(error).catch(() => undefined);
          return;
        }
        controller.enqueue(chunk.value);
      } catch (error) {
        controller.error(error);
        finish();
      }
    },
    async cancel(reason) {
      finish();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}
