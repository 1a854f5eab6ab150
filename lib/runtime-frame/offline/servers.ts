/**
 * Which process owns which virtual server. almostnode registers every `listen()` with one global ServerBridge
 * and knows nothing about processes, so the adapter wraps the bridge: a server belongs to the newest node
 * process still running when it starts listening; that process stays "running" while it has servers open,
 * and killing the process (or killAll) closes them, which fires the port's close event.
 */
import type { ServerBridge } from 'almostnode';

export interface ServerOwner {
  serverOpened(port: number): void;
  serverClosed(port: number): void;
  /** The runtime process the server's program belongs to, when known (the IDE opens previews only for its own). */
  pid?: number;
}

interface ClosableServer {
  close?: (callback?: () => void) => unknown;
}

interface PortListener {
  open(port: number, pid?: number): void;
  close(port: number): void;
}

export class ServerTracker {
  private readonly owners: ServerOwner[] = [];
  private readonly servers = new Map<number, { server: ClosableServer; owner?: ServerOwner }>();

  constructor(
    private readonly bridge: Pick<ServerBridge, 'unregisterServer'>,
    private readonly ports: PortListener,
  ) {}

  /** Marks `owner` as the process new servers belong to, until the returned function is called. */
  enter(owner: ServerOwner): () => void {
    this.owners.push(owner);
    return () => {
      const index = this.owners.lastIndexOf(owner);
      if (index !== -1) this.owners.splice(index, 1);
    };
  }

  /** The newest running node process, for errors almostnode cannot attribute. */
  current(): ServerOwner | undefined {
    return this.owners[this.owners.length - 1];
  }

  opened(port: number, server: unknown): void {
    // A second listen on a busy port replaces the first server in almostnode; treat that as a close first.
    if (this.servers.has(port)) this.closed(port);
    const owner = this.current();
    this.servers.set(port, { server: server as ClosableServer, owner });
    owner?.serverOpened(port);
    this.ports.open(port, owner?.pid);
  }

  closed(port: number): void {
    const entry = this.servers.get(port);
    if (!entry) return;
    this.servers.delete(port);
    entry.owner?.serverClosed(port);
    this.ports.close(port);
  }

  listPorts(): number[] {
    return [...this.servers.keys()];
  }

  close(port: number): void {
    const entry = this.servers.get(port);
    if (!entry) return;
    try {
      entry.server.close?.();
    } catch {
      // a server that fails to close is still taken off the bridge below
    }
    // Servers without close() (or whose close threw) are unregistered by hand.
    if (this.servers.has(port)) this.bridge.unregisterServer(port);
    this.closed(port);
  }

  closeOwnedBy(owner: ServerOwner): void {
    for (const [port, entry] of [...this.servers]) if (entry.owner === owner) this.close(port);
  }

  closeAll(): void {
    for (const port of [...this.servers.keys()]) this.close(port);
  }
}
