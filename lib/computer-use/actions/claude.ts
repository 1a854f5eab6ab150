/**
 * Claude-style computer tool actions (`{ action, coordinate: [x, y], text, scroll_direction, scroll_amount,
 * duration, start_coordinate }`). Names go through `normalizeActionType` first (left_click → click,
 * mouse_move → move, left_click_drag → drag, left_mouse_down → mouse_down, cursor_position → screenshot…), so
 * the normalized names work too.
 *
 * - Coordinates are screenshot pixels (`coordinate: [x, y]`, or `x`/`y`), scaled and clamped like the generic
 *   set. Without a coordinate, pointer actions use `ctx.pointer` (the last pointer position the session knows,
 *   CSS px); with neither → MappingError. Click modifier keys (`text: "shift"`) are ignored.
 * - key: xdotool-style "ctrl+s", "Return", "BackSpace"; a space-separated sequence ("ctrl+a Delete") becomes
 *   one key action per combination. hold_key → a press of the key(s) (no held keys in the vocabulary).
 * - type: at the current focus. scroll: `scroll_amount` wheel clicks (default 3) × 100 CSS px, at the
 *   coordinate when given. wait: `duration` seconds (default 1, capped at 60).
 */
import { z } from 'zod';
import type { Action, DisplaySize } from '../types';
import { constant, coord, directionSchema, handler, runAdapter, type ActionDraft, type HandlerTable, type MapContext } from './adapter';
import { fromPixels, type Point } from './coordinates';
import { MappingFailure, type MappingError } from './errors';
import { parseKeyCombination } from './keys';
import { normalizeActionType } from './normalize';

export const CLAUDE_ACTIONS = [
  'screenshot',
  'left_click',
  'right_click',
  'middle_click',
  'double_click',
  'triple_click',
  'mouse_move',
  'left_click_drag',
  'left_mouse_down',
  'left_mouse_up',
  'key',
  'hold_key',
  'type',
  'scroll',
  'wait',
  'cursor_position',
] as const;

/** CSS px per scroll wheel click. */
export const CLAUDE_SCROLL_CLICK_PX = 100;
const CLAUDE_DEFAULT_SCROLL_CLICKS = 3;

const tuple = z.tuple([coord, coord]);
const pointArgs = z.object({ coordinate: tuple.optional(), x: coord.optional(), y: coord.optional() });
type PointArgs = z.infer<typeof pointArgs>;

/** The coordinate the model sent, in CSS px of the viewport; undefined when it sent none. */
function given(a: PointArgs, ctx: MapContext): Point | undefined {
  const raw = a.coordinate ? { x: a.coordinate[0], y: a.coordinate[1] } : a.x !== undefined && a.y !== undefined ? { x: a.x, y: a.y } : undefined;
  return raw ? fromPixels(raw, ctx.viewport, ctx.screen) : undefined;
}

/** The coordinate sent, else the known pointer position, else a MappingError. */
function required(a: PointArgs, ctx: MapContext): Point {
  const point = given(a, ctx) ?? (ctx.pointer ? fromPixels(ctx.pointer, ctx.viewport) : undefined);
  if (!point) throw new MappingFailure('coordinate [x, y] is required (no known pointer position)');
  return point;
}

function pointer(type: 'click' | 'double_click' | 'triple_click' | 'right_click' | 'middle_click' | 'mouse_down' | 'mouse_up' | 'move') {
  return handler(pointArgs, (a, ctx): ActionDraft[] => [{ type, ...required(a, ctx) }]);
}

function keySequence(text: string): ActionDraft[] {
  const combos = text.trim().split(/\s+/).filter(Boolean);
  if (combos.length === 0) throw new MappingFailure('text (the key to press) is empty');
  return combos.map((combo) => ({ type: 'key', keys: parseKeyCombination(combo) }));
}

const textArg = z.object({ text: z.string() });

const table: HandlerTable = {
  screenshot: constant({ type: 'screenshot' }),
  click: pointer('click'),
  right_click: pointer('right_click'),
  middle_click: pointer('middle_click'),
  double_click: pointer('double_click'),
  triple_click: pointer('triple_click'),
  move: pointer('move'),
  mouse_down: pointer('mouse_down'),
  mouse_up: pointer('mouse_up'),
  drag: handler(pointArgs.extend({ start_coordinate: tuple.optional() }), (a, ctx) => {
    const end = given(a, ctx);
    if (!end) throw new MappingFailure('coordinate [x, y] (the drop point) is required');
    const start = a.start_coordinate
      ? fromPixels({ x: a.start_coordinate[0], y: a.start_coordinate[1] }, ctx.viewport, ctx.screen)
      : ctx.pointer && fromPixels(ctx.pointer, ctx.viewport);
    if (!start) throw new MappingFailure('start_coordinate [x, y] is required (no known pointer position)');
    return [{ type: 'drag', path: [start, end] }];
  }),
  key: handler(textArg, ({ text }) => keySequence(text)),
  hold_key: handler(textArg, ({ text }) => keySequence(text)),
  type: handler(textArg, ({ text }) => [{ type: 'type', text, pressEnter: false, clearBefore: false }]),
  scroll: handler(pointArgs.extend({ scroll_direction: directionSchema, scroll_amount: z.number().min(0).optional() }), (a, ctx) => {
    const clicks = a.scroll_amount ?? CLAUDE_DEFAULT_SCROLL_CLICKS;
    const amount = Math.max(1, Math.round(clicks * CLAUDE_SCROLL_CLICK_PX));
    const at = given(a, ctx) ?? {};
    return [{ type: 'scroll', ...at, direction: a.scroll_direction, amount }];
  }),
  wait: handler(z.object({ duration: z.number().min(0).optional() }), ({ duration }) => [
    { type: 'wait', durationMs: Math.round(Math.min(duration ?? 1, 60) * 1000) },
  ]),
};

export function fromClaude(
  name: string,
  args: unknown,
  viewport: DisplaySize,
  options: { screen?: DisplaySize; pointer?: Point } = {},
): Action[] | MappingError {
  const key = name === 'hold_key' ? name : normalizeActionType(name);
  return runAdapter('claude', table, name, args, { viewport, ...options }, key);
}
