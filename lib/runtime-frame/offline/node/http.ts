/**
 * The `http` and `https` modules programs get: servers, messages and the local client built here (every
 * process of the page shares one table of ports, so a client in one terminal reaches a server started in
 * another), requests to other hosts through almostnode's client, and the constants and helpers Node has.
 */
import { createAgentClass, type AgentOptions, type AgentSocket } from './http-agent';
import { createClientRequestClass, isLocal, parseRequestArgs } from './http-client';
import { createMessageClasses, type BufferClass } from './http-messages';
import { createServerClass } from './http-server';
import { METHODS, STATUS_CODES } from './http-status';
import { setMaxIdleHTTPParsers, validateHeaderName, validateHeaderValue } from './http-validate';
import type { PortTable } from './ports';
import { callableClass } from './streams';

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

/**
 * Node's http classes can be called without `new`: `http.Server(listener)` makes a server, and an old-style
 * subclass's `http.Server.call(this)` sets up its own instance.
 */
function callable<T>(Class: T, name: string): T {
  const Legacy = callableClass(Class as never, name) as unknown as Constructor;
  const Callable = function (this: unknown, ...args: unknown[]) {
    if (new.target) return Reflect.construct(Legacy, args, new.target);
    if (this instanceof Legacy) return Reflect.apply(Legacy, this, args);
    return Reflect.construct(Legacy, args);
  };
  Object.defineProperty(Callable, 'name', { value: name });
  Callable.prototype = Legacy.prototype;
  Object.setPrototypeOf(Callable, Class as object);
  return Callable as unknown as T;
}

export function httpModules(bases: HttpBases): { http: Module; https: Module } {
  const messages = createMessageClasses(bases);
  const makeSocket = (port: number, encrypted: boolean) => new messages.Socket(port, encrypted) as unknown as AgentSocket;
  const Agent = callable(createAgentClass(bases.EventEmitter, makeSocket), 'Agent');
  class HttpsAgent extends Agent {
    constructor(options?: AgentOptions) {
      super(options);
      this.defaultPort = 443;
      this.protocol = 'https:';
    }
  }
  const agents = {
    'http:': new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 }),
    'https:': new HttpsAgent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 }),
  };
  const ClientRequest = callable(
    createClientRequestClass({
      messages,
      ports: bases.ports,
      Buffer: bases.Buffer,
      globalAgent: (protocol) => agents[protocol === 'https:' ? 'https:' : 'http:'],
    }),
    'ClientRequest',
  );

  const build = (protocol: 'http:' | 'https:', almost: Module): Module => {
    const Server = callable(createServerClass(bases.EventEmitter, messages, bases.ports, protocol === 'https:'), 'Server');
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
    const module: Module = {
      ...almost,
      Server,
      createServer,
      request,
      get,
      ClientRequest,
      IncomingMessage: callable(messages.IncomingMessage, 'IncomingMessage'),
      OutgoingMessage: callable(messages.OutgoingMessage, 'OutgoingMessage'),
      ServerResponse: callable(messages.ServerResponse, 'ServerResponse'),
      Agent: protocol === 'https:' ? HttpsAgent : Agent,
      STATUS_CODES,
      METHODS,
      maxHeaderSize: 16384,
      validateHeaderName,
      validateHeaderValue,
      setMaxIdleHTTPParsers,
    };
    // Replacing http.globalAgent changes the agent later requests use, as in Node.
    Object.defineProperty(module, 'globalAgent', {
      enumerable: true,
      get: () => agents[protocol],
      set: (agent) => void (agents[protocol] = agent),
    });
    module.default = module;
    return module;
  };
  return { http: build('http:', bases.almostHttp), https: build('https:', bases.almostHttps) };
}
