/**
 * The generic action set (`{ action, ...args }`; the action name is passed separately). Coordinates are
 * screenshot PIXELS (not the 0–999 grid): scaled by viewport/screenshot size when they differ, rounded and
 * clamped into the viewport. Scroll distances are pixels too (scaled the same way).
 *
 * Choices:
 * - click({x, y, button?}): button left (default) / right / middle → click with that button; wheel → middle;
 *   back / forward (mouse side buttons) → the history actions `back` / `forward`, as a browser does.
 * - keypress({keys}): a string is a combination ("Control+c"); an array is keys pressed together
 *   (["CTRL", "C"], elements may be combinations).
 * - scroll({x?, y?, scroll_x?, scroll_y?}): one scroll action per non-zero axis, direction by sign (y: + down,
 *   − up; x: + right, − left), vertical first; at the point when both x and y are given. Both zero → MappingError.
 * - drag({path}): 2–100 points. wait({duration? | ms?}) in milliseconds, default 1000, capped at 60 000.
 * - Set-of-Mark: click / double_click / right_click / middle_click / type accept an optional `label` (≥ 1); with a
 *   label, x/y may be left out (then 0,0 is sent — the bridge resolves the label first).
 */
import { z } from 'zod';
import type { Action } from '../types';
import { coord, handler, constant, runAdapter, type ActionDraft, type HandlerTable, type MapContext } from './adapter';
import { fromPixels, pixelDistance, type Point } from './coordinates';
import { MappingFailure, type MappingError } from './errors';
import { parseKeyCombination, parseKeyList } from './keys';

export const GENERIC_ACTIONS = [
  'screenshot',
  'click',
  'double_click',
  'right_click',
  'middle_click',
  'type',
  'keypress',
  'move',
  'scroll',
  'drag',
  'wait',
] as const;

export const GENERIC_DEFAULT_WAIT_MS = 1000;
const MAX_WAIT_MS = 60_000;

const labelArg = z.number().int().min(1).optional();
const pixelPoint = z.object({ x: coord, y: coord });
/** x/y, or a Set-of-Mark label (then x/y are optional). */
const targetArgs = z
  .object({ x: coord.optional(), y: coord.optional(), label: labelArg })
  .refine((a) => a.label !== undefined || (a.x !== undefined && a.y !== undefined), { message: 'x and y are required (or a label)' });

type Target = z.infer<typeof targetArgs>;

function targetPoint(a: Target, ctx: MapContext): Point & { label?: number } {
  const point = a.x !== undefined && a.y !== undefined ? fromPixels({ x: a.x, y: a.y }, ctx.viewport, ctx.screen) : { x: 0, y: 0 };
  return a.label !== undefined ? { ...point, label: a.label } : point;
}

function pixelsToViewport(p: Point, ctx: MapContext): Point {
  return fromPixels(p, ctx.viewport, ctx.screen);
}

function targeted(type: 'double_click' | 'right_click' | 'middle_click') {
  return handler(targetArgs, (a, ctx): ActionDraft[] => [{ type, ...targetPoint(a, ctx) }]);
}

const clickArgs = targetArgs.and(z.object({ button: z.enum(['left', 'right', 'middle', 'wheel', 'back', 'forward']).optional() }));

const table: HandlerTable = {
  screenshot: constant({ type: 'screenshot' }),
  click: handler(clickArgs, (a, ctx): ActionDraft[] => {
    const button = a.button ?? 'left';
    if (button === 'back') return [{ type: 'back' }];
    if (button === 'forward') return [{ type: 'forward' }];
    return [{ type: 'click', ...targetPoint(a, ctx), button: button === 'wheel' ? 'middle' : button }];
  }),
  double_click: targeted('double_click'),
  right_click: targeted('right_click'),
  middle_click: targeted('middle_click'),
  type: handler(z.object({ text: z.string(), x: coord.optional(), y: coord.optional(), label: labelArg }), (a, ctx): ActionDraft[] => {
    const at = a.x !== undefined && a.y !== undefined ? pixelsToViewport({ x: a.x, y: a.y }, ctx) : a.label !== undefined ? { x: 0, y: 0 } : {};
    return [{ type: 'type', text: a.text, ...at, ...(a.label !== undefined ? { label: a.label } : {}) }];
  }),
  keypress: handler(z.object({ keys: z.union([z.string(), z.array(z.string()).min(1)]) }), ({ keys }) => [
    { type: 'key', keys: typeof keys === 'string' ? parseKeyCombination(keys) : parseKeyList(keys) },
  ]),
  move: handler(pixelPoint, (p, ctx) => [{ type: 'move', ...pixelsToViewport(p, ctx) }]),
  scroll: handler(z.object({ x: coord.optional(), y: coord.optional(), scroll_x: z.number().optional(), scroll_y: z.number().optional() }), (a, ctx) => {
    const screen = ctx.screen ?? ctx.viewport;
    const at = a.x !== undefined && a.y !== undefined ? pixelsToViewport({ x: a.x, y: a.y }, ctx) : {};
    const drafts: ActionDraft[] = [];
    if (a.scroll_y) {
      drafts.push({ type: 'scroll', ...at, direction: a.scroll_y > 0 ? 'down' : 'up', amount: pixelDistance(a.scroll_y, screen.height, ctx.viewport.height) });
    }
    if (a.scroll_x) {
      drafts.push({ type: 'scroll', ...at, direction: a.scroll_x > 0 ? 'right' : 'left', amount: pixelDistance(a.scroll_x, screen.width, ctx.viewport.width) });
    }
    if (drafts.length === 0) throw new MappingFailure('scroll needs a non-zero scroll_x or scroll_y');
    return drafts;
  }),
  drag: handler(z.object({ path: z.array(pixelPoint).min(2).max(100) }), ({ path }, ctx) => [
    { type: 'drag', path: path.map((p) => pixelsToViewport(p, ctx)) },
  ]),
  wait: handler(z.object({ duration: z.number().min(0).optional(), ms: z.number().min(0).optional() }), (a) => [
    { type: 'wait', durationMs: Math.round(Math.min(a.ms ?? a.duration ?? GENERIC_DEFAULT_WAIT_MS, MAX_WAIT_MS)) },
  ]),
};

export function fromGeneric(name: string, args: unknown, viewport: MapContext['viewport'], screen?: MapContext['screen']): Action[] | MappingError {
  return runAdapter('generic', table, name, args, screen ? { viewport, screen } : { viewport });
}
