/**
 * An http.Server's side of one connection that carries bytes (a `net` client, or another program's raw
 * socket): requests parsed as they arrive (several may come at once; their responses go out in order), each
 * emitted as 'request' with an IncomingMessage and a ServerResponse written back as bytes; keep-alive or
 * close after each response by Node's rules; 'upgrade'/'connect' hand the socket over; a malformed request
 * gets Node's parse error ('clientError', else a bare 400 and the socket destroyed with the error).
 */
import { Buffer } from 'buffer/';
import { HTTPParser } from 'http-parser-js';
import { METHODS } from './http-status';
import { socketSink } from './http-wire';
import type { NetSocket } from './net-socket';
import type { ResponseSink } from './ports';

type AnyFunction = (...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = new (...args: any[]) => any;
type Bytes = Uint8Array & { toString(encoding?: string, start?: number, end?: number): string };

export interface ConnectionServer {
  emit(event: string, ...args: unknown[]): boolean;
  listenerCount(event: string): number;
  maxHeadersCount: number | null;
  keepAliveTimeout: number;
  rejectNonStandardBodyWrites: boolean;
}

interface ConnectionParts {
  server: ConnectionServer;
  socket: NetSocket;
  IncomingMessage: Constructor;
  ServerResponse: Constructor;
}

export interface ServedConnection {
  /** No request is being read or answered: the connection waits for the next one. */
  idle(): boolean;
}

const REASONS: Record<string, string> = {
  HPE_INVALID_METHOD: 'Invalid method encountered',
  HPE_INVALID_TRANSFER_ENCODING: 'Request has invalid `Transfer-Encoding`',
  HPE_INVALID_CONSTANT: 'Expected HTTP/',
  HPE_HEADER_OVERFLOW: 'Header overflow',
};

const CLIENT_ERROR_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

function parseError(code: string, bytesParsed: number, rawPacket: Uint8Array): Error {
  return Object.assign(new Error(`Parse Error: ${REASONS[code] ?? 'Invalid request'}`), { code, bytesParsed, rawPacket });
}

/** Where a request line's method stops being one Node knows (llhttp fails there), or -1. */
function badMethodAt(text: string): number {
  let start = 0;
  while (text[start] === '\r' || text[start] === '\n') start++;
  const space = text.indexOf(' ', start);
  const token = text.slice(start, space === -1 ? Math.min(text.length, start + 32) : space);
  for (let length = 1; length <= token.length; length++) {
    const prefix = token.slice(0, length);
    if (!METHODS.some((method) => method.startsWith(prefix))) return start + length - 1;
  }
  if (space !== -1 && !METHODS.includes(token)) return space;
  return -1;
}

/** Node refuses a request whose Transfer-Encoding does not end in chunked: its body's end cannot be found. */
function invalidTransferEncoding(raw: readonly string[]): boolean {
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if ((raw[i] as string).toLowerCase() === 'transfer-encoding') return !/(?:^|,)\s*chunked\s*$/i.test(raw[i + 1] as string);
  }
  return false;
}

export function serveConnection({ server, socket, IncomingMessage, ServerResponse }: ConnectionParts): ServedConnection {
  const parser = new HTTPParser(HTTPParser.REQUEST);
  /** Responses not yet fully written, in request order; only the first writes to the socket. */
  const outgoing: { res: { last: boolean; writableEnded: boolean }; gate: AnyFunction[]; sink: ResponseSink }[] = [];
  let incoming: { deliver(chunk: Uint8Array | null): void; complete: boolean; destroy(error?: Error): unknown } | null = null;
  let refused: Error | null = null;
  let stopped = false;
  let upgrade: { event: string; message: unknown } | null = null;
  let failed = false;
  const toBytes = (chunk: Bytes, offset: number, length: number) => Buffer.from(chunk.subarray(offset, offset + length));

  const keepAliveWait = () => {
    if (outgoing.length || incoming || stopped) return;
    socket.setTimeout(server.keepAliveTimeout);
  };
  const onIdleTimeout = () => {
    if (!outgoing.length && !incoming) socket.destroy();
  };
  socket.on('timeout', onIdleTimeout);

  const respond = (message: { httpVersionMinor: number }, keepAlive: boolean) => {
    const res = new ServerResponse(message);
    res.shouldKeepAlive = keepAlive;
    const entry = { res, gate: [] as AnyFunction[], sink: undefined as unknown as ResponseSink };
    const wire = socketSink(socket, () => {
      outgoing.shift();
      if (res.last) {
        stopped = true;
        socket.destroySoon();
        return;
      }
      const next = outgoing[0];
      if (next) {
        socket._httpMessage = next.res;
        for (const call of next.gate.splice(0)) call();
      } else keepAliveWait();
    });
    // A response behind another waits its turn (pipelined requests are answered in order).
    const gated = (call: () => void) => (outgoing[0] === entry ? call() : void entry.gate.push(call));
    entry.sink = {
      head: (head) => gated(() => wire.head(head)),
      chunk: (bytes) => gated(() => wire.chunk(bytes)),
      end: () => gated(() => wire.end()),
      abort: (error) => gated(() => wire.abort(error)),
    };
    outgoing.push(entry);
    if (outgoing.length === 1) socket._httpMessage = res;
    res.attach(entry.sink, { keepAliveTimeout: server.keepAliveTimeout, rejectNonStandardBodyWrites: server.rejectNonStandardBodyWrites, onWire: true });
    return res;
  };

  parser[HTTPParser.kOnHeadersComplete] = (info) => {
    socket.setTimeout(0);
    const message = new IncomingMessage(socket);
    message.method = HTTPParser.methods[info.method] ?? 'GET';
    message.url = info.url;
    message.httpVersionMajor = info.versionMajor;
    message.httpVersionMinor = info.versionMinor;
    message.httpVersion = `${info.versionMajor}.${info.versionMinor}`;
    const raw = [...info.headers];
    message.setRawHeaders(server.maxHeadersCount ? raw.slice(0, server.maxHeadersCount * 2) : raw);
    const event = message.method === 'CONNECT' ? 'connect' : 'upgrade';
    if (info.upgrade && server.listenerCount(event) > 0) {
      stopped = true;
      upgrade = { event, message };
      return 1;
    }
    incoming = message;
    const res = respond(message, info.shouldKeepAlive);
    server.emit('request', message, res);
    if (invalidTransferEncoding(raw)) {
      refused = parseError('HPE_INVALID_TRANSFER_ENCODING', 0, new Uint8Array());
      incoming = null;
      return 1;
    }
    return undefined;
  };
  parser[HTTPParser.kOnBody] = (chunk: Bytes, offset: number, length: number) => incoming?.deliver(toBytes(chunk, offset, length));
  parser[HTTPParser.kOnMessageComplete] = () => {
    incoming?.deliver(null);
    incoming = null;
  };

  const noop = () => undefined;
  const onError = (error: unknown) => {
    if (failed) return;
    failed = true;
    stopped = true;
    socket.removeListener('data', onData);
    socket.removeListener('error', onError);
    socket.on('error', noop);
    if (server.emit('clientError', error, socket)) return;
    const inFlight = socket._httpMessage as { headersSent?: boolean } | null;
    if ((socket as unknown as { writable: boolean }).writable && !inFlight?.headersSent)
      socket.write(Buffer.from(CLIENT_ERROR_ANSWERS[(error as { code?: string }).code ?? ''] ?? BAD_REQUEST, 'latin1'));
    socket.destroy(error as Error);
  };

  function onData(data: unknown) {
    if (stopped) return;
    const bytes = data as Bytes;
    const state = (parser as unknown as { state: string; line: string }).state;
    if (state === 'REQUEST_LINE') {
      const line = (parser as unknown as { line: string }).line;
      const at = badMethodAt(line + bytes.toString('latin1', 0, Math.min(bytes.length, 64)));
      if (at !== -1) return onError(parseError('HPE_INVALID_METHOD', Math.max(1, at - line.length), bytes));
    }
    const result = parser.execute(bytes as never);
    if (refused) {
      const error = Object.assign(refused, { bytesParsed: typeof result === 'number' ? result : bytes.length, rawPacket: bytes });
      return onError(error);
    }
    if (result instanceof Error) {
      const code = (result as { code?: string }).code ?? (/method/i.test(result.message) ? 'HPE_INVALID_METHOD' : 'HPE_INVALID_CONSTANT');
      return onError(parseError(code, 0, bytes));
    }
    if (upgrade) {
      socket.removeListener('data', onData);
      socket.removeListener('end', onEnd);
      socket.removeListener('error', onError);
      socket.removeListener('timeout', onIdleTimeout);
      // As Node does: bytes after the request wait in the socket, which starts flowing again when the new
      // owner adds a 'data' listener (ws does; one that never listens leaves them unread).
      socket.pause();
      (socket as unknown as { readableFlowing: boolean | null }).readableFlowing = null;
      const head = Buffer.from(bytes.subarray(result));
      server.emit(upgrade.event, upgrade.message, socket, head);
    }
  }
  function onEnd() {
    const result = parser.finish();
    if (result instanceof Error && !stopped) return onError(parseError('HPE_INVALID_EOF_STATE', 0, new Uint8Array()));
    // The client will send nothing more: a request it did not finish is aborted; answers under way still go out.
    if (incoming && !incoming.complete) incoming.destroy();
    incoming = null;
    const last = outgoing[outgoing.length - 1];
    if (last) last.res.last = true;
    else if ((socket as unknown as { writable: boolean }).writable) socket.end();
  }
  socket.on('data', onData);
  socket.on('end', onEnd);
  socket.on('error', onError);
  socket.once('close', () => {
    stopped = true;
    if (incoming && !incoming.complete) incoming.destroy();
    for (const { res } of outgoing.splice(0)) if (!res.writableEnded) (res as unknown as { destroy(): void }).destroy();
  });
  return { idle: () => !incoming && outgoing.length === 0 };
}
