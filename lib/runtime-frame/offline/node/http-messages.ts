/**
 * Node's http messages over the runtime's own streams: IncomingMessage (a Readable of the body, with headers
 * lowercased and joined by Node's rules), ServerResponse (OutgoingMessage's header API, writeHead/flushHeaders,
 * a body written in chunks, 'finish' then 'close'), and the socket both point at. A response goes to a
 * ResponseSink: the preview, curl, or the http client of another process.
 */
import { Buffer as PackageBuffer } from 'buffer/';
import { isUtf8Encoding } from './buffer-native-codecs';
import { utf8Buffer } from './buffer';
import { codedError, headersFromRaw } from './http-headers';
import { createServerResponseClass } from './http-response';
import { validateHeaderName, validateHeaderValue } from './http-validate';

type AnyFunction = (...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = new (...args: any[]) => any;
type HeaderValue = string | number | readonly string[];

export interface BufferClass {
  from(value: unknown, encoding?: string): Uint8Array;
  isBuffer(value: unknown): boolean;
}

interface MessageBases {
  EventEmitter: Constructor;
  /** Node's legacy Stream (OutgoingMessage's base). */
  Stream: Constructor;
  Readable: Constructor;
  Buffer: BufferClass;
}

const nextTick = (fn: AnyFunction, ...args: unknown[]) => queueMicrotask(() => fn(...args));

export function createMessageClasses(bases: MessageBases) {
  const { EventEmitter, Stream, Readable } = bases;

  /** The connection a request came in on. Nothing travels through it: bodies go through the messages. */
  class Socket extends EventEmitter {
    remoteAddress = '127.0.0.1';
    remotePort = 40000 + Math.floor(Math.random() * 20000);
    remoteFamily = 'IPv4';
    localAddress = '127.0.0.1';
    readable = true;
    writable = true;
    destroyed = false;
    encrypted: boolean | undefined;
    bytesRead = 0;
    bytesWritten = 0;
    timeout = 0;
    server: unknown = null;
    connecting = false;
    /** The message using this connection now (Node's name; agents and frameworks read it). */
    _httpMessage: unknown = null;
    onDestroy: (error?: Error) => void = () => undefined;

    constructor(
      readonly localPort: number,
      encrypted = false,
    ) {
      super();
      if (encrypted) this.encrypted = true;
    }
    address() {
      return { address: this.localAddress, family: 'IPv4', port: this.localPort };
    }
    setTimeout(ms: number, callback?: AnyFunction) {
      this.timeout = ms;
      if (callback) this.once('timeout', callback);
      return this;
    }
    setNoDelay() {
      return this;
    }
    setKeepAlive() {
      return this;
    }
    ref() {
      return this;
    }
    unref() {
      return this;
    }
    cork() {}
    uncork() {}
    write(_chunk?: unknown, ...rest: unknown[]) {
      const callback = rest.find((arg) => typeof arg === 'function') as AnyFunction | undefined;
      if (callback) nextTick(callback);
      return true;
    }
    end() {
      return this.destroy();
    }
    destroySoon() {
      this.destroy();
    }
    destroy(error?: Error) {
      if (this.destroyed) return this;
      this.destroyed = true;
      this.readable = false;
      this.writable = false;
      this.onDestroy(error);
      // Two ticks, as in Node: an 'error' nobody handles throws, and 'close' still follows.
      if (error) nextTick(() => this.emit('error', error));
      nextTick(() => this.emit('close', Boolean(error)));
      return this;
    }
  }

  class IncomingMessage extends Readable {
    httpVersion = '1.1';
    httpVersionMajor = 1;
    httpVersionMinor = 1;
    complete = false;
    aborted = false;
    headers: Record<string, string | string[]> = {};
    rawHeaders: string[] = [];
    trailers: Record<string, string> = {};
    rawTrailers: string[] = [];
    method: string | undefined = undefined;
    url = '';
    statusCode: number | null = null;
    statusMessage: string | null = null;
    destroyed = false;
    closed = false;
    errored: Error | null = null;
    /** On a client's response: the request it answers. */
    req: unknown = null;

    /** The program has read the body to its end ('end' was emitted). */
    private bodyRead = false;

    constructor(readonly socket: InstanceType<typeof Socket>) {
      super();
      this.once('end', () => (this.bodyRead = true));
    }
    get connection() {
      return this.socket;
    }
    get headersDistinct() {
      const distinct: Record<string, string[]> = {};
      for (let i = 0; i + 1 < this.rawHeaders.length; i += 2) {
        const name = (this.rawHeaders[i] as string).toLowerCase();
        if (!Object.hasOwn(distinct, name)) distinct[name] = [];
        distinct[name]?.push(this.rawHeaders[i + 1] as string);
      }
      return distinct;
    }
    setRawHeaders(raw: string[]) {
      this.rawHeaders = raw;
      this.headers = headersFromRaw(raw);
    }
    /** The body arrives: one chunk, or none (null ends it). */
    deliver(chunk: Uint8Array | null) {
      if (this.destroyed) return;
      if (chunk) {
        this.push(chunk);
        this.signalReadable();
        return;
      }
      this.complete = true;
      this.push(null);
      this.signalReadable();
    }
    private readableScheduled = false;
    /** Node's paused mode: 'readable' when data or the end waits to be read. */
    private signalReadable() {
      if (this.readableScheduled || this.listenerCount('readable') === 0) return;
      this.readableScheduled = true;
      // A task later, so a body and its end that arrive together make one 'readable', as in Node.
      setTimeout(() => {
        this.readableScheduled = false;
        if (!this.destroyed) this.emit('readable');
      }, 0);
    }
    /** A read() that finds nothing left after the end emits 'end', as Node's does. */
    read(size?: number) {
      const chunk = super.read(size);
      const state = this as unknown as { _ended?: boolean; _endEmitted?: boolean };
      if (chunk === null && state._ended && !state._endEmitted) {
        state._endEmitted = true;
        queueMicrotask(() => this.emit('end'));
      }
      return chunk;
    }
    setTimeout(ms: number, callback?: AnyFunction) {
      this.socket.setTimeout(ms, callback);
      return this;
    }
    destroy(error?: Error) {
      if (this.destroyed) return this;
      this.destroyed = true;
      if (error) this.errored = error;
      if (!this.complete || !this.bodyRead) {
        this.aborted = true;
        this.emit('aborted');
      }
      this.socket.destroy(error);
      nextTick(() => {
        // Node's message reports its error only to a listener; the connection's error reaches the request.
        if (error && this.listenerCount('error') > 0) this.emit('error', error);
        this.closed = true;
        this.emit('close');
      });
      return this;
    }
  }

  /** OutgoingMessage's header API, kept with the names as the program spelled them. */
  class OutgoingMessage extends Stream {
    readonly outHeaders = new Map<string, { name: string; value: HeaderValue }>();
    headersSent = false;
    finished = false;
    writable = true;
    writableEnded = false;
    writableFinished = false;
    writableCorked = 0;
    writableHighWaterMark = 16384;
    writableLength = 0;
    writableObjectMode = false;
    writableNeedDrain = false;
    destroyed = false;
    sendDate = true;
    chunkedEncoding = false;
    useChunkedEncodingByDefault = true;
    shouldKeepAlive = true;

    get _header() {
      return this.headersSent ? 'sent' : null;
    }
    setHeader(name: string, value: HeaderValue) {
      if (this.headersSent) throw codedError('Cannot set headers after they are sent to the client', 'ERR_HTTP_HEADERS_SENT');
      validateHeaderName(name);
      validateHeaderValue(name, value);
      this.outHeaders.set(name.toLowerCase(), { name, value: Array.isArray(value) ? [...value] : value });
      return this;
    }
    setHeaders(headers: Headers | Map<string, HeaderValue>) {
      for (const [name, value] of headers) this.setHeader(name, value);
      return this;
    }
    appendHeader(name: string, value: HeaderValue) {
      const existing = this.outHeaders.get(name.toLowerCase());
      if (!existing) return this.setHeader(name, value);
      const values = [existing.value, value].flat().map(String);
      return this.setHeader(existing.name, values);
    }
    getHeader(name: string) {
      return this.outHeaders.get(String(name).toLowerCase())?.value;
    }
    getHeaders() {
      const headers: Record<string, HeaderValue> = Object.create(null);
      for (const [key, { value }] of this.outHeaders) headers[key] = value;
      return headers;
    }
    getHeaderNames() {
      return [...this.outHeaders.keys()];
    }
    getRawHeaderNames() {
      return [...this.outHeaders.values()].map(({ name }) => name);
    }
    hasHeader(name: string) {
      return this.outHeaders.has(String(name).toLowerCase());
    }
    removeHeader(name: string) {
      if (this.headersSent) throw codedError('Cannot remove headers after they are sent to the client', 'ERR_HTTP_HEADERS_SENT');
      this.outHeaders.delete(String(name).toLowerCase());
    }
    /** [name, value] pairs, one per value, as they go out. */
    headerPairs(): [string, string][] {
      const pairs: [string, string][] = [];
      for (const { name, value } of this.outHeaders.values()) {
        for (const one of Array.isArray(value) ? value : [value]) pairs.push([name, String(one)]);
      }
      return pairs;
    }
    toBytes(chunk: unknown, encoding?: unknown): Uint8Array {
      if (chunk instanceof Uint8Array) return chunk;
      // The programs' Buffer (the buffer package) knows every encoding Node does; almostnode's lacks utf16le.
      if (typeof chunk === 'string') {
        // UTF-8, what a server's responses are nearly always in, through the browser's encoder (the package's is
        // JavaScript, a byte at a time, and a dev server sends megabytes of modules).
        if (typeof encoding !== 'string' || isUtf8Encoding(encoding)) return utf8Buffer(chunk);
        return PackageBuffer.from(chunk, encoding as BufferEncoding);
      }
      if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      throw codedError(
        `The "chunk" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received ${chunk === null ? 'null' : typeof chunk}`,
        'ERR_INVALID_ARG_TYPE',
        TypeError,
      );
    }
    /** Node's answer to a write after end(): the callback or 'error' gets ERR_STREAM_WRITE_AFTER_END. */
    writeAfterEnd(callback?: AnyFunction): false {
      const error = codedError('write after end', 'ERR_STREAM_WRITE_AFTER_END');
      nextTick(() => (callback ? callback(error) : this.emit('error', error)));
      return false;
    }
    cork() {
      this.writableCorked++;
    }
    uncork() {
      if (this.writableCorked > 0) this.writableCorked--;
    }
    /** The connection's idle timeout, set now or when the message gets its connection. */
    setTimeout(ms: number, callback?: AnyFunction) {
      if (callback) this.on('timeout', callback);
      const socket = (this as { socket?: { setTimeout(ms: number): unknown } | null }).socket;
      if (socket) socket.setTimeout(ms);
      else this.once('socket', (connection: { setTimeout(ms: number): unknown }) => connection.setTimeout(ms));
      return this;
    }
    addTrailers() {}
  }

  const ServerResponse = createServerResponseClass(OutgoingMessage);

  return { Socket, IncomingMessage, OutgoingMessage, ServerResponse };
}

export type MessageClasses = ReturnType<typeof createMessageClasses>;
