/**
 * Node's net.Socket between two programs of this machine: a connection to a port some server of the same
 * thread listens on is a pair of duplex streams, bytes written on one side read on the other a task later (as
 * over loopback), a side's end() the other's 'end', and destroy() the other's end of the stream. Timeouts,
 * allowHalfOpen, bytesRead/bytesWritten, addresses and ref/unref behave as in Node; an open connection keeps
 * its process running until it closes or is unref()'d.
 */
import { Buffer } from 'buffer/';
import { concatBytes } from '@/lib/bytes';
import { codedError } from './http-headers';
import { currentTimerOwner, nativeTimers, runAs } from '../timers';
import { afterIo } from './after-io';

type AnyFunction = (...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = new (...args: any[]) => any;

export interface SocketOptions {
  allowHalfOpen?: boolean;
  /** Set by the server side of a pair: the connection is already established. */
  connected?: boolean;
}

export interface ConnectTarget {
  port: number;
  host: string;
  path?: string;
  /** Makes the connection (pairing `client` with a server's side), or says why it cannot be made. */
  open(client: NetSocket): Error | undefined;
}

export interface NetSocket {
  readonly destroyed: boolean;
  connecting: boolean;
  server: unknown;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
  remoteFamily: string | undefined;
  localAddress: string | undefined;
  localPort: number | undefined;
  _httpMessage: unknown;
  write(chunk: unknown, encoding?: unknown, callback?: AnyFunction): boolean;
  end(chunk?: unknown, callback?: AnyFunction): unknown;
  destroy(error?: Error): unknown;
  destroySoon(): void;
  setTimeout(ms: number, callback?: AnyFunction): unknown;
  on(event: string, listener: AnyFunction): unknown;
  once(event: string, listener: AnyFunction): unknown;
  removeListener(event: string, listener: AnyFunction): unknown;
  emit(event: string, ...args: unknown[]): boolean;
  listenerCount(event: string): number;
  pause(): unknown;
  resume(): unknown;
  unshift(chunk: unknown): void;
}

const EOF = null;

/** The Socket class over the programs' Duplex (Node's stream code), and how to pair two of them. */
export function createSocketClass(Duplex: Constructor) {
  class Socket extends Duplex {
    connecting = false;
    server: unknown = null;
    remoteAddress: string | undefined = undefined;
    remotePort: number | undefined = undefined;
    remoteFamily: string | undefined = undefined;
    localAddress: string | undefined = undefined;
    localPort: number | undefined = undefined;
    bytesRead = 0;
    timeout: number | undefined = undefined;
    _httpMessage: unknown = null;
    private written = 0;
    private peer: Socket | null = null;
    private readonly outbox: (Uint8Array | null)[] = [];
    private flushing = false;
    private sentEof = false;
    private idle: unknown = undefined;
    private hold: ReturnType<typeof setInterval> | undefined = undefined;
    private referenced = true;
    private gotEof = false;
    private readonly owner = currentTimerOwner();

    constructor(options: SocketOptions = {}) {
      super({ allowHalfOpen: Boolean(options.allowHalfOpen), emitClose: false, decodeStrings: true });
      if (options.connected) this.holdProcess();
    }

    get bytesWritten() {
      return this.written;
    }
    get pending() {
      return this.peer === null;
    }
    get readyState() {
      if (this.connecting) return 'opening';
      if (this.readable && this.writable) return 'open';
      if (this.readable) return 'readOnly';
      if (this.writable) return 'writeOnly';
      return 'closed';
    }
    get bufferSize() {
      return (this as unknown as { writableLength: number }).writableLength;
    }

    /** Joins two sockets: what one writes, the other reads. */
    static pair(client: Socket, server: Socket) {
      client.peer = server;
      server.peer = client;
    }

    /** connect(port[, host][, listener]), connect(options[, listener]); `target` says where it goes. */
    connectTo(target: ConnectTarget, listener?: AnyFunction) {
      if (listener) this.once('connect', listener);
      this.connecting = true;
      this.remoteAddress = undefined;
      this.holdProcess();
      afterIo(() => {
        if (this.destroyed) return;
        const error = target.open(this as unknown as NetSocket);
        this.connecting = false;
        if (error) {
          this.destroy(error);
          return;
        }
        this.emit('connect');
        this.emit('ready');
        this.armIdle();
      });
      return this;
    }

    address() {
      if (this.localPort === undefined) return {};
      return { address: this.localAddress, family: this.localAddress?.includes(':') ? 'IPv6' : 'IPv4', port: this.localPort };
    }

    _read() {}

    _write(chunk: Uint8Array, _encoding: string, callback: AnyFunction) {
      if (this.connecting) {
        this.once('connect', () => this._write(chunk, _encoding, callback));
        return;
      }
      if (!this.peer) return callback(codedError('This socket is closed', 'EPIPE'));
      this.written += chunk.length;
      this.send(chunk);
      this.armIdle();
      callback();
    }

    _final(callback: AnyFunction) {
      if (this.connecting) {
        this.once('connect', () => this._final(callback));
        return;
      }
      this.send(EOF);
      callback();
    }

    _destroy(error: Error | null, callback: AnyFunction) {
      this.connecting = false;
      this.clearIdle();
      if (this.peer) this.send(EOF);
      this.releaseProcess();
      callback(error);
      // 'close' after 'error', with whether there was one, as Node's socket reports it.
      queueMicrotask(() => queueMicrotask(() => this.emit('close', Boolean(error))));
    }

    /** Bytes (or the end of the stream) go to the peer in order, a task later. */
    private send(chunk: Uint8Array | null) {
      if (this.sentEof) return;
      if (chunk === EOF) this.sentEof = true;
      this.outbox.push(chunk);
      if (this.flushing) return;
      this.flushing = true;
      afterIo(() => {
        this.flushing = false;
        const peer = this.peer;
        // Bytes written in one turn arrive together, as TCP coalesces them.
        const items = this.outbox.splice(0);
        const bytes = items.filter((item): item is Uint8Array => item !== EOF);
        if (bytes.length) peer?.receive(concatBytes(bytes));
        if (items.includes(EOF)) peer?.receive(EOF);
      });
    }

    private receive(chunk: Uint8Array | null) {
      if (this.destroyed) return;
      if (chunk === EOF) {
        // Past the peer's end nothing more is read: like a socket Node no longer reads, it keeps nothing running.
        this.gotEof = true;
        this.releaseProcess();
        this.push(null);
        // A socket nobody reads still ends (and, without allowHalfOpen, closes), as Node's does on EOF.
        this.read(0);
        return;
      }
      this.bytesRead += chunk.length;
      this.armIdle();
      // The reader gets its own copy, as the programs' Buffer, whatever the writer does with its chunk later.
      this.push(Buffer.from(chunk));
    }

    setTimeout(ms: number, callback?: AnyFunction) {
      this.timeout = ms;
      if (callback) {
        if (ms === 0) this.removeListener('timeout', callback);
        else this.once('timeout', callback);
      }
      this.armIdle();
      return this;
    }

    /** The idle timer never keeps the process running, as Node's socket timeouts do not. */
    private armIdle() {
      this.clearIdle();
      const ms = this.timeout;
      if (!ms || this.destroyed) return;
      this.idle = nativeTimers.setTimeout(() => {
        this.idle = undefined;
        const fire = () => this.emit('timeout');
        if (this.owner) runAs(this.owner, fire);
        else fire();
      }, ms);
    }

    private clearIdle() {
      if (this.idle !== undefined) nativeTimers.clearTimeout(this.idle);
      this.idle = undefined;
    }

    private holdProcess() {
      if (this.hold !== undefined || !this.referenced || !this.owner || this.destroyed || this.gotEof) return;
      this.hold = runAs(this.owner, () => setInterval(() => undefined, 2 ** 30));
    }

    private releaseProcess() {
      clearInterval(this.hold);
      this.hold = undefined;
    }

    ref() {
      this.referenced = true;
      if (this.connecting || this.peer) this.holdProcess();
      return this;
    }
    unref() {
      this.referenced = false;
      this.releaseProcess();
      return this;
    }
    setNoDelay() {
      return this;
    }
    setKeepAlive() {
      return this;
    }
    destroySoon() {
      if ((this as unknown as { writable: boolean }).writable) this.end();
      if ((this as unknown as { writableFinished: boolean }).writableFinished) this.destroy();
      else this.once('finish', () => this.destroy());
    }
    resetAndDestroy() {
      return this.destroy();
    }
  }
  return Socket;
}
