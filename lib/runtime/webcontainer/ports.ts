/**
 * Which ports are open, and in what order they opened: WebContainer says which port opened, never which
 * process opened it, so a process's ports are taken to be those that opened after it started and are still
 * open. That is the evidence a stop was real: a killed dev server's port closes.
 */
import { Listeners } from '../listeners';
import type { WebContainerLike } from './api-types';

export class PortTracker {
  private sequence = 0;
  /** port → the sequence number at which it opened. */
  private readonly open = new Map<number, number>();
  private readonly changeListeners = new Listeners<[]>();

  /** Subscribes to the container's port events; returns the unsubscribe. */
  follow(wc: Pick<WebContainerLike, 'on'>): () => void {
    return wc.on('port', (port, type) => {
      if (type === 'open') this.open.set(port, ++this.sequence);
      else this.open.delete(port);
      this.changeListeners.emit();
    });
  }

  /** A mark to compare later port openings with. */
  now(): number {
    return this.sequence;
  }

  /** Ports opened after `mark` that are still open. */
  openedSince(mark: number): number[] {
    return [...this.open].filter(([, openedAt]) => openedAt > mark).map(([port]) => port);
  }

  isOpen(port: number): boolean {
    return this.open.has(port);
  }

  /** Resolves once none of `ports` is open, or after `ms`; answers the ports still open then. */
  async waitClosed(ports: readonly number[], ms: number): Promise<number[]> {
    const stillOpen = () => ports.filter((port) => this.open.has(port));
    if (stillOpen().length === 0 || ms <= 0) return stillOpen();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const stop = this.changeListeners.add(() => {
        if (stillOpen().length === 0) done();
      });
      function done() {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
    return stillOpen();
  }
}
