/**
 * `util.inspect`, `util.format` and `util.formatWithOptions` as Node has them: node-inspect-extracted is Node's
 * own lib/internal/util/inspect.js with only its requires replaced, so what programs print (and what Node's tests
 * compare with) is Node's text: custom inspect functions, getters, class names, Maps, Sets, typed arrays, errors.
 */
import extracted from 'node-inspect-extracted';

type InspectFunction = ((value: unknown, options?: Record<string, unknown>) => string) & Record<string, unknown>;

export const nodeInspect = extracted.inspect as unknown as InspectFunction;
export const nodeFormat = extracted.format as (...args: unknown[]) => string;
export const nodeFormatWithOptions = extracted.formatWithOptions as (options: object, ...args: unknown[]) => string;
