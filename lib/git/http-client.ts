/**
 * isomorphic-git's HTTP client over a function that carries one whole exchange (GitHttpRequest → GitHttpResponse):
 * the request body is gathered first (git's requests are small next to what comes back) and the response body
 * handed back as one chunk. Used by the runtime frame (the exchange goes to the IDE) and by the IDE itself.
 */
import type { GitHttpRequest as IsoRequest, GitHttpResponse as IsoResponse, HttpClient } from 'isomorphic-git';
import { concatBytes } from '@/lib/bytes';
import type { GitHttpRequest, GitHttpResponse } from './http-exchange';

export type SendExchange = (request: GitHttpRequest) => Promise<GitHttpResponse>;

async function gather(body: IsoRequest['body'] | Uint8Array[] | undefined): Promise<Uint8Array | undefined> {
  if (!body) return undefined;
  const parts: Uint8Array[] = [];
  for await (const part of body as AsyncIterable<Uint8Array>) parts.push(part);
  return concatBytes(parts);
}

async function* once(bytes: Uint8Array): AsyncIterableIterator<Uint8Array> {
  yield bytes;
}

/** `send` is looked up at each request, so a client made before the connection exists works once it does. */
export function exchangeHttpClient(send: () => SendExchange | null): HttpClient {
  return {
    async request(request: IsoRequest): Promise<IsoResponse> {
      const carry = send();
      if (!carry) throw new Error('this runtime has no connection for git to reach remotes');
      const method = (request.method ?? 'GET').toUpperCase() === 'POST' ? 'POST' : 'GET';
      const response = await carry({ url: request.url, method, headers: request.headers ?? {}, body: await gather(request.body) });
      return {
        url: response.url,
        method,
        headers: response.headers,
        statusCode: response.statusCode,
        statusMessage: response.statusMessage,
        body: once(response.body),
      };
    },
  };
}
