/**
 * The `http` and `https` modules programs get: servers, messages and the local client built here (every
 * process of the page shares one table of ports, so a client in one terminal reaches a server started in
 * another), requests to other hosts through almostnode's client, and the constants and helpers Node has.
 */
import { createClientRequestClass, isLocal, parseRequestArgs } from './http-client';
import { codedError } from './http-headers';
import { createMessageClasses, type BufferClass } from './http-messages';
import { createServerClass } from './http-server';
import { METHODS, STATUS_CODES } from './http-status';
import type { PortTable } from './ports';

type AnyFunction = (...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = new (...args: any[]) => any;
type Module = Record<string, unknown>;

export interface HttpBases {
  EventEmitter: Constructor;
  Stream: Constructor;
  Readable: Constructor;
  Buffer: BufferClass & { concat(list: Uint8Array[]): Uint8Array };
  ports: PortTable;
  almostHttp: Module;
  almostHttps: Module;
}

const TOKEN = /^[\w!#$%&'*+.^`|~-]+$/;

function validateHeaderName(name: unknown) {
  if (typeof name !== 'string' || !TOKEN.test(name)) {
    throw codedError(`Header name must be a valid HTTP token ["${String(name)}"]`, 'ERR_INVALID_HTTP_TOKEN', TypeError);
  }
}

function validateHeaderValue(name: string, value: unknown) {
  if (value === undefined) throw codedError(`Invalid value "undefined" for header "${name}"`, 'ERR_HTTP_INVALID_HEADER_VALUE', TypeError);
  if (/[^\t\x20-\x7e\x80-\xff]/.test(String(value))) throw codedError(`Invalid character in header content ["${name}"]`, 'ERR_INVALID_CHAR', TypeError);
}

export function httpModules(bases: HttpBases): { http: Module; https: Module } {
  const messages = createMessageClasses(bases);
  const ClientRequest = createClientRequestClass(messages, bases.ports, bases.Buffer);
  const Agent = bases.almostHttp.Agent as Constructor;

  const build = (protocol: 'http:' | 'https:', almost: Module): Module => {
    const Server = createServerClass(bases.EventEmitter, messages, bases.ports, protocol === 'https:');
    const createServer = (options?: unknown, listener?: unknown) => new Server(options, listener);
    const almostRequest = almost.request as AnyFunction;
    const request = (...args: unknown[]) => {
      const { options, callback } = parseRequestArgs([...args], protocol);
      if (!isLocal(options)) return almostRequest(...args);
      return new ClientRequest(options, callback);
    };
    const get = (...args: unknown[]) => {
      const req = request(...args) as { end(): void };
      req.end();
      return req;
    };
    const globalAgent = new Agent({ keepAlive: true });
    const module: Module = {
      ...almost,
      Server,
      createServer,
      request,
      get,
      ClientRequest,
      IncomingMessage: messages.IncomingMessage,
      OutgoingMessage: messages.OutgoingMessage,
      ServerResponse: messages.ServerResponse,
      Agent,
      globalAgent,
      STATUS_CODES,
      METHODS,
      maxHeaderSize: 16384,
      validateHeaderName,
      validateHeaderValue,
      setMaxIdleHTTPParsers: () => undefined,
    };
    module.default = module;
    return module;
  };
  return { http: build('http:', bases.almostHttp), https: build('https:', bases.almostHttps) };
}
