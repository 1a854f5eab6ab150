/**
 * Node's http.ServerResponse: the status line and headers (Date, Connection and Keep-Alive, then
 * Content-Length when the whole body is known at once, else chunked transfer), a body written in chunks,
 * 'finish' then 'close', and Node's errors for what must not go out (bad status messages, more or fewer bytes
 * than a strict Content-Length, a body where none is allowed). A client that drops the connection closes the
 * response without 'finish'.
 */
import { codedError, headersFromRaw } from './http-headers';
import { STATUS_CODES } from './http-status';
import { bodyNotAllowed, contentLengthMismatch, earlyHintsLink, validateStatusMessage } from './http-validate';
import type { ResponseHead, ResponseSink } from './ports';

type AnyFunction = (...args: unknown[]) => unknown;
type HeaderValue = string | number | readonly string[];

const nextTick = (fn: AnyFunction, ...args: unknown[]) => queueMicrotask(() => fn(...args));

interface ServedRequest {
  method: string | undefined;
  httpVersionMinor: number;
  headers: Record<string, string | string[]>;
  socket: { bytesWritten: number; destroyed: boolean };
  emit(event: string, ...args: unknown[]): boolean;
}

interface ServerSettings {
  keepAliveTimeout?: number;
  rejectNonStandardBodyWrites?: boolean;
  /** The response goes out as bytes on a real connection. */
  onWire?: boolean;
}

/** OutgoingMessage: the header API and the emitter this response builds on. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type OutgoingBase = new (...args: any[]) => any;

export function createServerResponseClass(OutgoingMessage: OutgoingBase) {
  class ServerResponse extends OutgoingMessage {
    statusCode = 200;
    statusMessage: string | undefined = undefined;
    strictContentLength = false;
    errored: Error | null = null;
    private wroteBody = false;
    private sentBytes = 0;
    private closeEmitted = false;
    private sink: ResponseSink | null = null;
    private settings: ServerSettings = {};
    /** The connection closes after this response (Node's `_last`). */
    last = false;

    constructor(readonly req: ServedRequest) {
      super();
      const connection = String(req.headers?.connection ?? '');
      this.shouldKeepAlive = req.httpVersionMinor !== 0 ? !/\bclose\b/i.test(connection) : /\bkeep-alive\b/i.test(connection);
      if (req.httpVersionMinor === 0) this.useChunkedEncodingByDefault = /\bchunked\b/i.test(String(req.headers?.te ?? ''));
    }
    get socket() {
      return this.destroyed || this.writableFinished ? null : this.req.socket;
    }
    get connection() {
      return this.socket;
    }
    /** Where this response goes and the server's settings; set by the server before the request is emitted. */
    attach(sink: ResponseSink, settings: ServerSettings = {}) {
      this.sink = sink;
      this.settings = settings;
    }
    writeHead(statusCode: number, reason?: string | Record<string, HeaderValue> | unknown[], headers?: Record<string, HeaderValue> | unknown[]) {
      if (this.headersSent) throw codedError('Cannot write headers after they are sent to the client', 'ERR_HTTP_HEADERS_SENT');
      const code = Number(statusCode);
      if (!Number.isInteger(code) || code < 100 || code > 999)
        throw codedError(`Invalid status code: ${String(statusCode)}`, 'ERR_HTTP_INVALID_STATUS_CODE', RangeError);
      this.statusCode = code;
      if (typeof reason === 'string') this.statusMessage = reason;
      else headers = reason;
      if (Array.isArray(headers)) {
        const pairs = headers.length && Array.isArray(headers[0]) ? (headers as [string, HeaderValue][]) : [];
        if (!pairs.length) for (let i = 0; i + 1 < headers.length; i += 2) pairs.push([headers[i] as string, headers[i + 1] as HeaderValue]);
        for (const [name, value] of pairs) this.appendHeader(name, value);
      } else if (headers) {
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) this.setHeader(name, value);
      }
      this.sendHead();
      return this;
    }
    flushHeaders() {
      if (!this.headersSent) this.sendHead();
    }
    /** `bodyLength` is the whole body's size when it is known now (end() before any write). */
    private sendHead(bodyLength?: number) {
      if (this.headersSent) return;
      this.statusMessage ??= STATUS_CODES[this.statusCode] ?? 'unknown';
      validateStatusMessage(this.statusMessage);
      // What Node adds by itself goes out with the head but stays out of getHeaders().
      const pairs: [string, string][] = this.headerPairs();
      if (this.sendDate && !this.hasHeader('date')) pairs.push(['Date', new Date().toUTCString()]);
      const knownLength = this.hasHeader('content-length');
      if (!this.hasHeader('connection')) {
        // Keep-alive only when the client can tell where this body ends.
        const keepAlive = this.shouldKeepAlive && (knownLength || this.useChunkedEncodingByDefault);
        if (!keepAlive) this.last = true;
        pairs.push(['Connection', keepAlive ? 'keep-alive' : 'close']);
        const timeout = this.settings.keepAliveTimeout;
        if (keepAlive && timeout && !this.hasHeader('keep-alive')) pairs.push(['Keep-Alive', `timeout=${Math.floor(timeout / 1000)}`]);
      } else if (/\bclose\b/i.test(String(this.getHeader('connection')))) {
        this.shouldKeepAlive = false;
        this.last = true;
      } else this.shouldKeepAlive = true;
      if (this.hasBody() && !knownLength && !this.hasHeader('transfer-encoding')) {
        // An HTTP/1.0 client that did not ask for chunks reads the body until the connection closes.
        if (!this.useChunkedEncodingByDefault) this.last = true;
        else if (bodyLength !== undefined) pairs.push(['Content-Length', String(bodyLength)]);
        else {
          this.chunkedEncoding = true;
          pairs.push(['Transfer-Encoding', 'chunked']);
        }
      }
      this.headersSent = true;
      const head: ResponseHead & { rawHeaders: string[] } = {
        statusCode: this.statusCode,
        statusMessage: this.statusMessage,
        headers: Object.fromEntries(
          Object.entries(headersFromRaw(pairs.flat())).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
        ),
        rawHeaders: pairs.flat(),
      };
      this.count(pairs.reduce((size, [name, value]) => size + name.length + value.length + 4, 0));
      this.sink?.head(head);
    }
    private hasBody() {
      return this.req.method !== 'HEAD' && this.statusCode !== 204 && this.statusCode !== 304 && !(this.statusCode >= 100 && this.statusCode < 200);
    }
    private count(bytes: number) {
      // A connection that carries bytes counts them itself.
      if (this.settings.onWire) return;
      this.req.socket.bytesWritten += bytes;
    }
    /** With strictContentLength, the bytes sent so far plus `more` must stay within (or, at the end, meet) Content-Length. */
    private checkLength(more: number, ending: boolean) {
      if (!this.strictContentLength || !this.hasBody()) return;
      const declared = this.getHeader('content-length');
      if (declared === undefined || this.hasHeader('transfer-encoding')) return;
      const expected = Number(declared);
      const total = this.sentBytes + more;
      if (total > expected || (ending && total !== expected)) throw contentLengthMismatch(total, expected);
    }
    private sendBody(bytes: Uint8Array) {
      if (!bytes.length) return;
      if (!this.hasBody()) {
        if (this.settings.rejectNonStandardBodyWrites) throw bodyNotAllowed();
        return;
      }
      this.wroteBody = true;
      this.sentBytes += bytes.length;
      this.count(bytes.length);
      this.sink?.chunk(bytes);
    }
    write(chunk: unknown, encoding?: unknown, callback?: AnyFunction) {
      if (typeof encoding === 'function') [callback, encoding] = [encoding as AnyFunction, undefined];
      if (this.writableEnded) return this.writeAfterEnd(callback);
      if (this.destroyed) {
        const error = codedError('Cannot call write after a stream was destroyed', 'ERR_STREAM_DESTROYED');
        if (callback) nextTick(callback, error);
        return false;
      }
      const bytes = this.toBytes(chunk, encoding);
      this.checkLength(bytes.length, false);
      this.sendHead();
      this.sendBody(bytes);
      if (callback) nextTick(callback);
      return true;
    }
    end(chunk?: unknown, encoding?: unknown, callback?: AnyFunction) {
      if (typeof chunk === 'function') [callback, chunk] = [chunk as AnyFunction, undefined];
      else if (typeof encoding === 'function') [callback, encoding] = [encoding as AnyFunction, undefined];
      if (this.writableEnded) {
        if (callback) nextTick(callback);
        return this;
      }
      const bytes = chunk === undefined || chunk === null ? null : this.toBytes(chunk, encoding);
      if (this.destroyed) {
        // The connection is gone: nothing more goes out and the response never finishes.
        this.finished = true;
        this.writableEnded = true;
        return this;
      }
      this.checkLength(bytes?.length ?? 0, true);
      if (!this.headersSent) this.sendHead(this.wroteBody ? undefined : (bytes?.length ?? 0));
      if (bytes) this.sendBody(bytes);
      this.finished = true;
      this.writableEnded = true;
      this.sink?.end();
      nextTick(() => {
        this.writableFinished = true;
        this.emit('prefinish');
        this.emit('finish');
        if (callback) callback();
        nextTick(() => {
          this.emitClose();
          this.req.emit('close');
        });
      });
      return this;
    }
    private emitClose() {
      if (this.closeEmitted) return;
      this.closeEmitted = true;
      this.emit('close');
    }
    destroy(error?: Error) {
      if (this.destroyed) return this;
      this.destroyed = true;
      if (error) this.errored = error;
      if (!this.writableEnded) this.sink?.abort(error ?? codedError('socket hang up', 'ECONNRESET'));
      nextTick(() => {
        if (error && this.listenerCount('error') > 0) this.emit('error', error);
        this.emitClose();
      });
      return this;
    }
    writeContinue() {}
    writeProcessing() {}
    writeEarlyHints(hints: unknown, callback?: AnyFunction) {
      earlyHintsLink(hints);
      if (callback) nextTick(callback);
    }
    assignSocket() {}
    detachSocket() {}
  }
  return ServerResponse;
}
