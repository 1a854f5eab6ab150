/** Process and timing helpers shared by the contract cases. */
import type { RuntimeProcess } from '../port';
import { ContractFailure } from './assert';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rejects with a ContractFailure naming `what` when `promise` takes longer than `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ContractFailure(`${what} did not happen within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** "/a//b/" and "a/b" name the same workspace path. */
export function samePath(a: string, b: string): boolean {
  const clean = (p: string) =>
    p
      .split('/')
      .filter((s) => s !== '' && s !== '.')
      .join('/');
  return clean(a) === clean(b);
}

/**
 * Reads a process's output from the moment it is created (a stream has one reader), so a case can
 * both wait for a line and read everything at the end.
 */
class OutputCollector {
  text = '';
  private waiters: (() => void)[] = [];
  readonly ended: Promise<void>;

  constructor(process: RuntimeProcess) {
    const reader = process.output.getReader();
    this.ended = (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          this.text += value;
          for (const wake of this.waiters.splice(0)) wake();
        }
      } catch {
        // A killed process may error its stream; what was read so far is what counts.
      }
    })();
  }

  /** Resolves once `needle` has appeared in the output. */
  waitFor(needle: string, ms: number): Promise<void> {
    const seen = new Promise<void>((resolve) => {
      const check = () => (this.text.includes(needle) ? resolve() : this.waiters.push(check));
      check();
    });
    return within(seen, ms, `output "${needle}" (got ${JSON.stringify(this.text)})`);
  }

  /** Output after the process exited; a stream that stays open is read for a short grace period. */
  async untilExit(process: RuntimeProcess, ms: number): Promise<{ code: number; output: string }> {
    const code = await within(process.exit, ms, `exit of "${process.command}"`);
    await Promise.race([this.ended, sleep(300)]);
    return { code, output: this.text };
  }
}

export function collect(process: RuntimeProcess): OutputCollector {
  return new OutputCollector(process);
}
