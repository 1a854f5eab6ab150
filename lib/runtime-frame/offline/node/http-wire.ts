/**
 * HTTP/1.1 as bytes on a connection, for where the runtime's request-level plumbing (an exchange answered
 * through a ResponseSink) meets a raw socket: a response written onto a socket (status line, headers, a
 * chunked or plain body), and a request sent over a socket to a plain `net` server whose bytes are parsed back
 * into a response. Parsing is http-parser-js, a pure-JS port of Node's old parser. Bytes are the programs'
 * Buffers (the buffer package), as a socket's 'data' gives them in Node.
 */
import { Buffer } from 'buffer/';
import { concatBytes } from '@/lib/bytes';
import { HTTPParser } from 'http-parser-js';
import { rawFromHeaders } from './http-headers';
import type { Exchange, ResponseHead, ResponseSink, ServeHandle } from './ports';
import type { NetSocket } from './net-socket';

type Bytes = Uint8Array & { toString(encoding?: string, start?: number, end?: number): string };

const CHUNKED_LAST = /(?:^|,)\s*chunked\s*$/i;

/** Whether the (last) Transfer-Encoding in name/value pairs is chunked. */
function isChunked(raw: readonly string[]): boolean {
  for (let i = raw.length - 2; i >= 0; i -= 2) if ((raw[i] as string).toLowerCase() === 'transfer-encoding') return CHUNKED_LAST.test(raw[i + 1] as string);
  return false;
}

function headLines(first: string, raw: readonly string[]): string {
  let text = `${first}\r\n`;
  for (let i = 0; i + 1 < raw.length; i += 2) text += `${raw[i]}: ${raw[i + 1]}\r\n`;
  return `${text}\r\n`;
}

/**
 * A sink that writes the response onto `socket` as Node's server sends it. `done` runs after the last byte
 * is written, with whether the connection must close then.
 */
export function socketSink(socket: NetSocket, done: () => void): ResponseSink {
  let chunked = false;
  return {
    head: (head: ResponseHead) => {
      const raw = head.rawHeaders ?? Object.entries(head.headers).flat();
      chunked = isChunked(raw);
      socket.write(Buffer.from(headLines(`HTTP/1.1 ${head.statusCode} ${head.statusMessage}`, raw), 'latin1'));
    },
    chunk: (bytes) => {
      if (!bytes.length) return;
      if (chunked) socket.write(Buffer.from(concatBytes([Buffer.from(`${bytes.length.toString(16)}\r\n`, 'latin1'), bytes, Buffer.from('\r\n', 'latin1')])));
      else socket.write(bytes);
    },
    end: () => {
      if (chunked) socket.write(Buffer.from('0\r\n\r\n', 'latin1'));
      done();
    },
    abort: () => void socket.destroy(),
  };
}

/**
 * Sends `exchange` as bytes on `socket` (the client side of a connection to a plain net server) and reads the
 * server's bytes back as a response: headers, body (by Content-Length, chunks, or until the server closes).
 */
export function exchangeOverSocket(socket: NetSocket, exchange: Exchange, sink: ResponseSink): ServeHandle {
  const raw = rawFromHeaders(exchange.headers);
  const body = exchange.body;
  if (body?.length && !raw.some((name, i) => i % 2 === 0 && /^(content-length|transfer-encoding)$/i.test(name)))
    raw.push('Content-Length', String(body.length));
  socket.write(Buffer.from(headLines(`${exchange.method} ${exchange.url} HTTP/1.1`, raw), 'latin1'));
  if (body?.length) socket.write(body);
  const parser = new HTTPParser(HTTPParser.RESPONSE);
  let complete = false;
  let failed = false;
  const fail = (error: Error) => {
    if (complete || failed) return;
    failed = true;
    sink.abort(error);
    socket.destroy();
  };
  parser[HTTPParser.kOnHeadersComplete] = (info) => {
    sink.head({
      statusCode: info.statusCode ?? 200,
      statusMessage: info.statusMessage ?? '',
      headers: Object.fromEntries(info.headers.flatMap((value, i, all) => (i % 2 === 0 ? [[value.toLowerCase(), all[i + 1] as string]] : []))),
      rawHeaders: [...info.headers],
    });
  };
  parser[HTTPParser.kOnBody] = (chunk: Bytes, offset: number, length: number) => sink.chunk(chunk.subarray(offset, offset + length));
  parser[HTTPParser.kOnMessageComplete] = () => {
    if (complete) return;
    complete = true;
    sink.end();
  };
  socket.on('data', (data: unknown) => {
    const result = parser.execute(data as never);
    if (result instanceof Error)
      fail(Object.assign(new Error(`Parse Error: ${result.message}`), { code: (result as { code?: string }).code ?? 'HPE_INVALID_CONSTANT' }));
  });
  socket.on('end', () => {
    const result = parser.finish();
    if (result instanceof Error || !complete) fail(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    socket.end();
  });
  socket.on('error', (error: unknown) => fail(error as Error));
  return { abort: () => void socket.destroy() };
}
