import type { PortEvent, PreviewError, ProcessExit, Unsubscribe } from './port';

/** A set of listeners; one that throws is logged and does not stop the others. */
export class Listeners<T extends unknown[]> {
  private readonly set = new Set<(...args: T) => void>();

  add(listener: (...args: T) => void): Unsubscribe {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }

  emit(...args: T): void {
    for (const listener of this.set) {
      try {
        listener(...args);
      } catch (error) {
        console.error('[tabsmith] listener failed:', error);
      }
    }
  }
}

/** The Runtime port's four event streams, for adapters that emit them from listener sets of their own. */
export class RuntimeEvents {
  protected readonly portListeners = new Listeners<[PortEvent]>();
  protected readonly readyListeners = new Listeners<[number, string]>();
  protected readonly errorListeners = new Listeners<[PreviewError]>();
  protected readonly exitListeners = new Listeners<[ProcessExit]>();

  onPort(listener: (event: PortEvent) => void): Unsubscribe {
    return this.portListeners.add(listener);
  }

  onServerReady(listener: (port: number, url: string) => void): Unsubscribe {
    return this.readyListeners.add(listener);
  }

  onPreviewError(listener: (error: PreviewError) => void): Unsubscribe {
    return this.errorListeners.add(listener);
  }

  onProcessExit(listener: (exit: ProcessExit) => void): Unsubscribe {
    return this.exitListeners.add(listener);
  }
}
