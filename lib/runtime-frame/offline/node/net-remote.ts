/**
 * A raw connection to a server of another process: processes run in threads of their own and reach each
 * other's servers by request through the runtime's port table, not by bytes. The connection's bytes are read
 * as HTTP requests (the only protocol such servers speak here), each sent as one exchange once its body is
 * complete, and the answers written back as bytes in order.
 */
import { Buffer } from 'buffer/';
import { concatBytes } from '@/lib/bytes';
import { HTTPParser } from 'http-parser-js';
import { headersFromRaw } from './http-headers';
import { socketSink } from './http-wire';
import type { NetSocket } from './net-socket';
import type { Exchange, Listener } from './ports';

type Bytes = Uint8Array & { toString(encoding?: string, start?: number, end?: number): string };

export function serveRemotely(socket: NetSocket, listener: Listener): void {
  const parser = new HTTPParser(HTTPParser.REQUEST);
  const waiting: Exchange[] = [];
  let busy = false;
  let ended = false;
  let current: { exchange: Exchange; body: Uint8Array[]; close: boolean } | null = null;

  const next = () => {
    const exchange = waiting.shift();
    if (!exchange) {
      busy = false;
      if (ended) socket.end();
      return;
    }
    busy = true;
    const close = /\bclose\b/i.test(String(exchange.headers.connection ?? ''));
    listener.serve(
      exchange,
      socketSink(socket, () => (close ? socket.end() : next())),
    );
  };

  parser[HTTPParser.kOnHeadersComplete] = (info) => {
    const raw = [...info.headers];
    const headers = headersFromRaw(raw);
    const close = info.versionMinor === 0 ? !/\bkeep-alive\b/i.test(String(headers.connection ?? '')) : /\bclose\b/i.test(String(headers.connection ?? ''));
    current = {
      exchange: { method: HTTPParser.methods[info.method] ?? 'GET', url: info.url, headers: close ? { ...headers, connection: 'close' } : headers },
      body: [],
      close,
    };
  };
  parser[HTTPParser.kOnBody] = (chunk: Bytes, offset: number, length: number) => current?.body.push(Buffer.from(chunk.subarray(offset, offset + length)));
  parser[HTTPParser.kOnMessageComplete] = () => {
    if (!current) return;
    const { exchange, body } = current;
    current = null;
    waiting.push(body.length ? { ...exchange, body: Buffer.from(concatBytes(body)) } : exchange);
    if (!busy) next();
  };
  socket.on('data', (data: unknown) => {
    const result = parser.execute(data as never);
    if (result instanceof Error) {
      socket.write(Buffer.from('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n', 'latin1'));
      socket.destroySoon();
    }
  });
  socket.on('end', () => {
    ended = true;
    if (!busy) socket.end();
  });
  socket.on('error', () => undefined);
}
