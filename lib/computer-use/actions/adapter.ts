/**
 * The machinery every action-set adapter shares: a table of handlers (one per function name), each validating
 * its arguments with zod and returning action drafts; `runAdapter` validates the viewport, catches every
 * failure into a `MappingError` value and passes each draft through `actionSchema` (so defaults are applied and
 * every returned Action is exactly what the bridge accepts).
 */
import { z } from 'zod';
import { actionSchema, type Action, type DisplaySize } from '../types';
import { checkViewport, type Point } from './coordinates';
import { CoordinateError, formatIssues, mappingError, MappingFailure, type ActionSource, type MappingError } from './errors';
import { errorMessage } from '../../error-message';

/** An Action before zod defaults (button, pressEnter, clearBefore may be left out). */
export type ActionDraft = z.input<typeof actionSchema>;

export interface MapContext {
  /** The preview's live CSS viewport: every produced coordinate is inside it. */
  viewport: DisplaySize;
  /**
   * Pixel-coordinate sets only (generic, claude): the size of the screenshot the model saw, when it differs from
   * the viewport (a downscaled PNG). Defaults to the viewport. Ignored by the 0–999 grid sets.
   */
  screen?: DisplaySize;
  /** Claude-style sets only: the last known pointer position (CSS px), for actions sent without a coordinate. */
  pointer?: Point;
}

/** A type-erased handler: raw args in, drafts out (may throw MappingFailure / CoordinateError). */
type Handler = (raw: unknown, ctx: MapContext) => ActionDraft[];
export type HandlerTable = Readonly<Record<string, Handler>>;

class ArgsError extends Error {}

export function handler<T>(schema: z.ZodType<T>, map: (args: T, ctx: MapContext) => ActionDraft[]): Handler {
  return (raw, ctx) => {
    const parsed = schema.safeParse(raw ?? {});
    if (!parsed.success) throw new ArgsError(`bad arguments: ${formatIssues(parsed.error.issues)}`);
    return map(parsed.data, ctx);
  };
}

/** A handler for functions without arguments (extra args such as safety_decision are ignored). */
export function constant(...drafts: ActionDraft[]): Handler {
  return handler(z.object({}), () => drafts);
}

function hasHandler(table: HandlerTable, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(table, name);
}

export function runAdapter(
  source: ActionSource,
  table: HandlerTable,
  name: string,
  args: unknown,
  ctx: MapContext,
  /** The table key when it differs from the name the model sent (Claude's left_click → click). */
  key: string = name,
): Action[] | MappingError {
  const run = hasHandler(table, key) ? table[key] : undefined;
  if (!run) return mappingError(source, name, `unknown action "${name}"`);
  if (args !== undefined && args !== null && (typeof args !== 'object' || Array.isArray(args))) {
    return mappingError(source, name, 'bad arguments: expected an object');
  }
  let drafts: ActionDraft[];
  try {
    checkViewport(ctx.viewport);
    if (ctx.screen) checkViewport(ctx.screen);
    drafts = run(args, ctx);
  } catch (error) {
    if (error instanceof ArgsError || error instanceof MappingFailure || error instanceof CoordinateError) {
      return mappingError(source, name, error.message);
    }
    return mappingError(source, name, errorMessage(error));
  }
  const actions: Action[] = [];
  for (const draft of drafts) {
    const parsed = actionSchema.safeParse(draft);
    if (!parsed.success) return mappingError(source, name, `produced an invalid ${draft.type} action: ${formatIssues(parsed.error.issues)}`);
    actions.push(parsed.data);
  }
  return actions;
}

// ── shared arg schemas ────────────────────────────────────────────────────────────────────────────

export const directionSchema = z.enum(['up', 'down', 'left', 'right']);
/** Any finite number (non-integers are rounded by the coordinate math, out-of-range values clamped). */
export const coord = z.number();
export const gridPoint = z.object({ x: coord, y: coord });
