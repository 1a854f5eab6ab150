/**
 * Gemini's newer computer-use action set (gemini-3.5-flash and later, as Google's reference agent,
 * github.com/google/computer-use-preview, handles it). Coordinates
 * are on the same 0–999 grid as the original set.
 *
 * Choices:
 * - type({text, press_enter?}) types at the current focus (no point), never clears; press_enter defaults false.
 * - scroll({x?, y?, direction, magnitude?}): at the point when both x and y are given, else the page; default
 *   magnitude 800 on the grid (scaled by height for up/down, width for left/right).
 * - wait({seconds?}): default 5 s (like wait_5_seconds), capped at 60 s; negative → MappingError.
 * - hotkey({keys}): keys pressed together; an element may itself be a combination ("ctrl+c"); a plain string
 *   is accepted too.
 * - press_key({key}): the key (or "ctrl+c"-style combination) pressed and released.
 * - key_down / key_up: the Action vocabulary has no held keys. key_down → a full press of the key (so the
 *   page sees the keydown when the model expects it); key_up → screenshot (a no-op that still answers with
 *   the current screen). A held modifier is therefore NOT applied to later clicks.
 * - mouse_down / mouse_up need x and y (the adapters are stateless and do not track the pointer).
 * - drag_and_drop takes the original set's {x, y, destination_x, destination_y}.
 * - take_screenshot → screenshot.
 */
import { z } from 'zod';
import type { Action } from '../types';
import { coord, directionSchema, gridPoint, handler, constant, runAdapter, type ActionDraft, type HandlerTable, type MapContext } from './adapter';
import { DEFAULT_SCROLL_MAGNITUDE, scrollAmount, toPoint } from './coordinates';
import type { MappingError } from './errors';
import { dragAndDropArgs } from './gemini-original';
import { parseKeyCombination, parseKeyList } from './keys';

export const GEMINI_NEW_FUNCTIONS = [
  'click',
  'double_click',
  'triple_click',
  'middle_click',
  'right_click',
  'mouse_down',
  'mouse_up',
  'move',
  'type',
  'scroll',
  'wait',
  'hotkey',
  'press_key',
  'key_down',
  'key_up',
  'take_screenshot',
  'go_back',
  'go_forward',
  'navigate',
  'drag_and_drop',
] as const;

export const DEFAULT_WAIT_SECONDS = 5;
const MAX_WAIT_SECONDS = 60;

type PointType = 'click' | 'double_click' | 'triple_click' | 'middle_click' | 'right_click' | 'mouse_down' | 'mouse_up' | 'move';

function pointAction(type: PointType) {
  return handler(gridPoint, (p, { viewport }): ActionDraft[] => [{ type, ...toPoint(p, viewport) }]);
}

const keyArg = z.object({ key: z.string() });
const pressKey = handler(keyArg, ({ key }) => [{ type: 'key', keys: parseKeyCombination(key) }]);

const table: HandlerTable = {
  click: pointAction('click'),
  double_click: pointAction('double_click'),
  triple_click: pointAction('triple_click'),
  middle_click: pointAction('middle_click'),
  right_click: pointAction('right_click'),
  mouse_down: pointAction('mouse_down'),
  mouse_up: pointAction('mouse_up'),
  move: pointAction('move'),
  type: handler(z.object({ text: z.string(), press_enter: z.boolean().optional() }), ({ text, press_enter }) => [
    { type: 'type', text, pressEnter: press_enter ?? false, clearBefore: false },
  ]),
  scroll: handler(z.object({ x: coord.optional(), y: coord.optional(), direction: directionSchema, magnitude: z.number().optional() }), (a, { viewport }) => {
    const amount = scrollAmount(a.direction, a.magnitude ?? DEFAULT_SCROLL_MAGNITUDE, viewport);
    const at = a.x !== undefined && a.y !== undefined ? toPoint({ x: a.x, y: a.y }, viewport) : {};
    return [{ type: 'scroll', ...at, direction: a.direction, amount }];
  }),
  wait: handler(z.object({ seconds: z.number().min(0).optional() }), ({ seconds }) => [
    { type: 'wait', durationMs: Math.round(Math.min(seconds ?? DEFAULT_WAIT_SECONDS, MAX_WAIT_SECONDS) * 1000) },
  ]),
  hotkey: handler(z.object({ keys: z.union([z.array(z.string()).min(1), z.string()]) }), ({ keys }) => [
    { type: 'key', keys: typeof keys === 'string' ? parseKeyCombination(keys) : parseKeyList(keys) },
  ]),
  press_key: pressKey,
  key_down: pressKey,
  key_up: handler(keyArg, () => [{ type: 'screenshot' }]),
  take_screenshot: constant({ type: 'screenshot' }),
  go_back: constant({ type: 'back' }),
  go_forward: constant({ type: 'forward' }),
  navigate: handler(z.object({ url: z.string().min(1) }), ({ url }) => [{ type: 'navigate', url }]),
  drag_and_drop: handler(dragAndDropArgs, (a, { viewport }) => [
    { type: 'drag', path: [toPoint(a, viewport), toPoint({ x: a.destination_x, y: a.destination_y }, viewport)] },
  ]),
};

export function fromGeminiNew(name: string, args: unknown, viewport: MapContext['viewport']): Action[] | MappingError {
  return runAdapter('gemini-new', table, name, args, { viewport });
}
