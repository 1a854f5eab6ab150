/**
 * Gemini's original computer-use action set (gemini-2.5-computer-use-preview-10-2025, gemini-3-flash-preview,
 * gemini-3.1-pro-preview): Gemini's 13 predefined functions + wait_5_seconds. Every x/y is on the 0–999 grid.
 *
 * Defaults chosen for type_text_at (the Gemini API's computer-use documentation says both default to true;
 * Google's reference agent, github.com/google/computer-use-preview agent.py, treats a missing press_enter as
 * false and clears by default). Tabsmith follows that code:
 *   press_enter         missing → false  (no accidental form submits; the model passes true when it means it)
 *   clear_before_typing missing → true   (type_text_at replaces a field's content, as the reference agent does)
 *
 * Other choices: open_web_browser → screenshot (the preview is already open; answering with the current screen
 * stops the open_web_browser loop); search → MappingError (excluded from the tool: the preview has no search
 * page); scroll_document → page scroll (no point) with the default magnitude 800.
 */
import { z } from 'zod';
import type { Action } from '../types';
import { constant, coord, directionSchema, gridPoint, handler, runAdapter, type HandlerTable, type MapContext } from './adapter';
import { DEFAULT_SCROLL_MAGNITUDE, scrollAmount, toPoint } from './coordinates';
import { MappingFailure, type MappingError } from './errors';
import { parseKeyCombination } from './keys';

export const TYPE_TEXT_AT_DEFAULTS = { press_enter: false, clear_before_typing: true } as const;

export const GEMINI_ORIGINAL_FUNCTIONS = [
  'open_web_browser',
  'wait_5_seconds',
  'go_back',
  'go_forward',
  'search',
  'navigate',
  'click_at',
  'hover_at',
  'type_text_at',
  'key_combination',
  'scroll_document',
  'scroll_at',
  'drag_and_drop',
] as const;

export const dragAndDropArgs = gridPoint.extend({ destination_x: coord, destination_y: coord });

const table: HandlerTable = {
  open_web_browser: constant({ type: 'screenshot' }),
  wait_5_seconds: constant({ type: 'wait', durationMs: 5000 }),
  go_back: constant({ type: 'back' }),
  go_forward: constant({ type: 'forward' }),
  search: handler(z.object({}), () => {
    throw new MappingFailure('search is excluded: the preview has no search page; use navigate with a path of the app');
  }),
  navigate: handler(z.object({ url: z.string().min(1) }), ({ url }) => [{ type: 'navigate', url }]),
  click_at: handler(gridPoint, (p, { viewport }) => [{ type: 'click', ...toPoint(p, viewport), button: 'left' }]),
  hover_at: handler(gridPoint, (p, { viewport }) => [{ type: 'move', ...toPoint(p, viewport) }]),
  type_text_at: handler(
    gridPoint.extend({ text: z.string(), press_enter: z.boolean().optional(), clear_before_typing: z.boolean().optional() }),
    (a, { viewport }) => [
      {
        type: 'type',
        ...toPoint(a, viewport),
        text: a.text,
        pressEnter: a.press_enter ?? TYPE_TEXT_AT_DEFAULTS.press_enter,
        clearBefore: a.clear_before_typing ?? TYPE_TEXT_AT_DEFAULTS.clear_before_typing,
      },
    ],
  ),
  key_combination: handler(z.object({ keys: z.string() }), ({ keys }) => [{ type: 'key', keys: parseKeyCombination(keys) }]),
  scroll_document: handler(z.object({ direction: directionSchema }), ({ direction }, { viewport }) => [
    { type: 'scroll', direction, amount: scrollAmount(direction, DEFAULT_SCROLL_MAGNITUDE, viewport) },
  ]),
  scroll_at: handler(gridPoint.extend({ direction: directionSchema, magnitude: z.number().optional() }), (a, { viewport }) => [
    { type: 'scroll', ...toPoint(a, viewport), direction: a.direction, amount: scrollAmount(a.direction, a.magnitude ?? DEFAULT_SCROLL_MAGNITUDE, viewport) },
  ]),
  drag_and_drop: handler(dragAndDropArgs, (a, { viewport }) => [
    { type: 'drag', path: [toPoint(a, viewport), toPoint({ x: a.destination_x, y: a.destination_y }, viewport)] },
  ]),
};

export function fromGeminiOriginal(name: string, args: unknown, viewport: MapContext['viewport']): Action[] | MappingError {
  return runAdapter('gemini', table, name, args, { viewport });
}
