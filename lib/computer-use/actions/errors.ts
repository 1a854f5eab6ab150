/**
 * Mapping failures are VALUES, never exceptions: an adapter handed a bad call from a model returns a
 * `MappingError` the session can log and send back to the model as the function response.
 *
 * Internally the helpers may throw `MappingFailure` (and the coordinate helpers `CoordinateError`); `runAdapter`
 * in `adapter.ts` is the one place that turns them into `MappingError` values.
 */
import type { z } from 'zod';

export type ActionSource = 'gemini' | 'gemini-new' | 'generic' | 'claude';

export interface MappingError {
  kind: 'mapping_error';
  source: ActionSource;
  /** The function / action name the model sent. */
  name: string;
  /** Human- and model-readable: `gemini click_at: x: Invalid input: expected number, received string`. */
  message: string;
}

export function isMappingError(value: unknown): value is MappingError {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'mapping_error';
}

export function mappingError(source: ActionSource, name: string, detail: string): MappingError {
  return { kind: 'mapping_error', source, name, message: `${source} ${name}: ${detail}` };
}

/** Thrown inside a handler; caught by `runAdapter`. */
export class MappingFailure extends Error {
  override name = 'MappingFailure';
}

/** Bad input to the coordinate math (NaN, an empty viewport…). */
export class CoordinateError extends RangeError {
  override name = 'CoordinateError';
}

/** "x: expected number, received string; text: required" — one line from zod issues. */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const at = issue.path.map(String).join('.');
      return at ? `${at}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
