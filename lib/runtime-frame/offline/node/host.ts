/**
 * What every node process of one file system shares: compiled module code (by file and content hash) and
 * the built-in module shims that hold no per-process state. Created on first use and kept per file system,
 * so a process starts without building an almostnode Runtime.
 */
import { getServerBridge, type Runtime as AlmostRuntime, type ServerBridge, type VirtualFS } from 'almostnode';
import type { AlmostRequire } from './builtins';
import { CodeCache, type SharedCode } from './compile';
import { eventsModule } from './events';
import { installLocalFetch } from './fetch';
import { httpModules, type HttpBases } from './http';
import { netModule } from './net';
import { PortTable, type Listener, type PortAnnouncer } from './ports';
import { nodeStreamModule } from './node-streams';
import { fixReadablePipe, streamModule } from './streams';

export interface NodeHost {
  code: CodeCache;
  almostRequire: AlmostRequire;
  /** Which server listens on which port, for every process of the page. */
  ports: PortTable;
  shared: { events: unknown; stream: unknown; net: unknown; http: unknown; https: unknown };
  /** The almostnode-based stream classes the runtime's own pipes (child processes, http messages) are made of. */
  pipeStreams: Record<string, unknown>;
}

type Constructor = HttpBases['EventEmitter'];

const hosts = new WeakMap<VirtualFS, NodeHost>();

/** The preview reaches a port through almostnode's service-worker bridge, which keeps its own list. */
const bridgeAnnouncer: PortAnnouncer = {
  // The entry answers as almostnode's servers do; its body is a Uint8Array, which is all the bridge reads.
  open: (port, entry) => getServerBridge().registerServer(entry as unknown as Parameters<ServerBridge['registerServer']>[0], port),
  close: (port) => getServerBridge().unregisterServer(port),
};

/** Who learns of the ports a process opens, and where its clients find ports this thread's table lacks. */
export interface PortLinks {
  announcer: PortAnnouncer;
  elsewhere?: (port: number) => Listener | undefined;
}

/**
 * The host of `vfs`, made on first use. In the runtime frame, opened ports go to almostnode's bridge; a process
 * in a worker links its table to the frame's, and shares compiled code with the other workers through it.
 */
export function nodeHost(vfs: VirtualFS, Runtime: typeof AlmostRuntime, links: PortLinks = { announcer: bridgeAnnouncer }, sharedCode?: SharedCode): NodeHost {
  let host = hosts.get(vfs);
  if (!host) {
    // The REPL's require is almostnode's module table itself, without writing a file to reach it.
    const almostRequire = new Runtime(vfs, { cwd: '/' }).createREPL().eval('require') as AlmostRequire;
    const events = eventsModule(almostRequire('events'));
    fixReadablePipe(almostRequire('stream') as Record<string, unknown>);
    const { Buffer } = almostRequire('buffer') as { Buffer: { from(text: string, encoding?: string): unknown } };
    // almostnode's stream classes, made Node-like, remain the bases of the http messages; programs get Node's own.
    const almostStream = streamModule(almostRequire('stream') as Record<string, unknown>, events as unknown as (...args: unknown[]) => unknown, Buffer);
    const stream = nodeStreamModule(almostStream);
    const ports = new PortTable(links.announcer, links.elsewhere);
    const { http, https } = httpModules({
      EventEmitter: events as unknown as Constructor,
      Stream: almostStream.Stream as Constructor,
      Readable: almostStream.Readable as Constructor,
      Buffer: Buffer as unknown as HttpBases['Buffer'],
      ports,
      almostHttp: almostRequire('http') as Record<string, unknown>,
      almostHttps: almostRequire('https') as Record<string, unknown>,
    });
    installLocalFetch(ports);
    const net = netModule({
      almostNet: almostRequire('net') as Record<string, unknown>,
      EventEmitter: events as unknown as Constructor,
      Duplex: (stream as { Duplex: Constructor }).Duplex,
      ports,
    });
    host = { code: new CodeCache(sharedCode), almostRequire, ports, shared: { events, stream, net, http, https }, pipeStreams: almostStream };
    hosts.set(vfs, host);
  }
  return host;
}
