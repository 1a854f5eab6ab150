/**
 * What every node process of one file system shares: compiled module code (by file and content hash) and
 * the built-in module shims that hold no per-process state. Created on first use and kept per file system,
 * so a process starts without building an almostnode Runtime.
 */
import type { Runtime as AlmostRuntime, VirtualFS } from 'almostnode';
import type { AlmostRequire } from './builtins';
import { CodeCache } from './compile';
import { eventsModule } from './events';
import { httpModule } from './http-client';
import { netModule } from './net';
import { fixReadablePipe, streamModule } from './streams';

export interface NodeHost {
  code: CodeCache;
  almostRequire: AlmostRequire;
  shared: { events: unknown; stream: unknown; net: unknown; http: unknown };
}

const hosts = new WeakMap<VirtualFS, NodeHost>();

export function nodeHost(vfs: VirtualFS, Runtime: typeof AlmostRuntime): NodeHost {
  let host = hosts.get(vfs);
  if (!host) {
    // The REPL's require is almostnode's module table itself, without writing a file to reach it.
    const almostRequire = new Runtime(vfs, { cwd: '/' }).createREPL().eval('require') as AlmostRequire;
    const events = eventsModule(almostRequire('events'));
    fixReadablePipe(almostRequire('stream') as Record<string, unknown>);
    const { Buffer } = almostRequire('buffer') as { Buffer: { from(text: string, encoding?: string): unknown } };
    const stream = streamModule(almostRequire('stream') as Record<string, unknown>, events as unknown as (...args: unknown[]) => unknown, Buffer);
    const almostHttp = almostRequire('http') as Record<string, unknown> & { getServer(port: number): unknown };
    const net = netModule(almostRequire('net') as Record<string, unknown>, (port) => almostHttp.getServer(port) !== undefined);
    host = { code: new CodeCache(), almostRequire, shared: { events, stream, net, http: httpModule(almostHttp) } };
    hosts.set(vfs, host);
  }
  return host;
}
