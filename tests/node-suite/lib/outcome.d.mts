// Types for outcome.mjs.
export interface FileResult {
  path: string;
  module: string;
  changedSinceCompare?: boolean;
  status: 'pass' | 'fail' | 'skip';
  reason: string;
  head: string[];
  exitCode: number | null;
  ms: number;
  /** Built-ins this file changed that the next process in the same frame saw. */
  leaked?: string;
}
export interface SuiteRun {
  manifest: { source: { nodeVersion: string; commit: string }; compare: object };
  adapted: boolean;
  results: FileResult[];
  restarts: number;
  wallMs: number;
  timeoutMs: number;
  pages: number;
}
export function classify(run: { exitCode: number | null; output: string; ms: number; timedOut: boolean; restarted: boolean }): Pick<FileResult, 'status' | 'reason' | 'head' | 'exitCode'>;
export function causeOf(reason: string): string;
