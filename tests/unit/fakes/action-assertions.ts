import { expect } from 'vitest';
import { isMappingError, type ActionSource, type MappingError } from '@/lib/computer-use/actions';
import { actionSchema, type Action } from '@/lib/computer-use/types';

/** The mapped actions, each checked against the normalized Action schema (defaults already filled). */
export function expectActions(result: Action[] | MappingError): Action[] {
  if (isMappingError(result)) throw new Error(`unexpected MappingError: ${result.message}`);
  for (const action of result) expect(actionSchema.parse(action)).toEqual(action);
  return result;
}

/** The message of a MappingError from `source`; fails when the mapping succeeded. */
export function expectMappingError(result: Action[] | MappingError, source: ActionSource): string {
  if (!isMappingError(result)) throw new Error(`expected a MappingError, got ${JSON.stringify(result)}`);
  expect(result.source).toBe(source);
  return result.message;
}
