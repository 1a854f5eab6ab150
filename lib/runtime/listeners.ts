import type { Unsubscribe } from './port';

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
        console.error('[runtime] listener failed', error);
      }
    }
  }
}
