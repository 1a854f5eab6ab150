/**
 * A test reporter turns node:test's events into text, as Node's built-in reporters (spec, tap, dot) do:
 * `event()` for each event as it happens, including the summary's diagnostics, `end()` once the run is over.
 * The file's own output between events is passed through `output()`.
 */
import type { TestEvent } from '../events';
import type { Colors } from './colors';

export interface Reporter {
  event(event: TestEvent): string;
  output(text: string): string;
  end(): string;
}

export interface ReporterOptions {
  colors: Colors;
  cwd: string;
  /** Width of the terminal, for the dot reporter's lines. */
  columns: number;
}

export const REPORTER_NAMES = ['spec', 'tap', 'dot'] as const;
export type ReporterName = (typeof REPORTER_NAMES)[number];

export function indent(nesting: number, unit = '  '): string {
  return unit.repeat(Math.max(0, nesting));
}
