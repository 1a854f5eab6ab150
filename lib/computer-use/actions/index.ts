/**
 * Adapters from every action set into the normalized `Action` (lib/computer-use/types.ts):
 *   'gemini'     — Gemini's original predefined functions (0–999 grid)      → gemini-original.ts
 *   'gemini-new' — the newer Gemini set (click, type, hotkey…; 0–999 grid)   → gemini-new.ts
 *   'generic'    — the generic set (screenshot pixels)                        → generic.ts
 *   'claude'     — Claude-style names (left_click…; screenshot pixels)        → claude.ts
 * Every function returns `Action[]` (each one passed through `actionSchema`) or a `MappingError` value; none
 * throws on bad input.
 */
import type { Action, DisplaySize } from '../types';
import { fromClaude } from './claude';
import type { Point } from './coordinates';
import { mappingError, type ActionSource, type MappingError } from './errors';
import { fromGeminiNew, GEMINI_NEW_FUNCTIONS } from './gemini-new';
import { fromGeminiOriginal, GEMINI_ORIGINAL_FUNCTIONS } from './gemini-original';
import { fromGeneric } from './generic';

export { describeAction } from './describe';
export { denormalize, toPoint, scrollAmount, fromPixels, pixelToViewport, pixelDistance, DEFAULT_SCROLL_MAGNITUDE } from './coordinates';
export { isMappingError, CoordinateError, type ActionSource, type MappingError } from './errors';
export { normalizeKey, normalizeKeys, parseKeyCombination, parseKeyList } from './keys';
export { normalizeActionType, isActionType } from './normalize';
export { fromGeminiOriginal, GEMINI_ORIGINAL_FUNCTIONS, TYPE_TEXT_AT_DEFAULTS } from './gemini-original';
export { fromGeminiNew, GEMINI_NEW_FUNCTIONS, DEFAULT_WAIT_SECONDS } from './gemini-new';
export { fromGeneric, GENERIC_ACTIONS, GENERIC_DEFAULT_WAIT_MS } from './generic';
export { fromClaude, CLAUDE_ACTIONS, CLAUDE_SCROLL_CLICK_PX } from './claude';

export const ACTION_SOURCES: readonly ActionSource[] = ['gemini', 'gemini-new', 'generic', 'claude'];

interface ToActionsOptions {
  /** Pixel sets (generic, claude): the size of the screenshot the model saw, if not the viewport. */
  screen?: DisplaySize;
  /** Claude: last known pointer position (CSS px) for actions without a coordinate. */
  pointer?: Point;
}

/** One model function call → the Actions to execute, or a MappingError to report back to the model. */
export function toActions(source: ActionSource, name: string, args: unknown, viewport: DisplaySize, options: ToActionsOptions = {}): Action[] | MappingError {
  switch (source) {
    case 'gemini':
      return fromGeminiOriginal(name, args, viewport);
    case 'gemini-new':
      return fromGeminiNew(name, args, viewport);
    case 'generic':
      return fromGeneric(name, args, viewport, options.screen);
    case 'claude':
      return fromClaude(name, args, viewport, options);
    default:
      return mappingError(source, name, `unknown action source "${String(source)}"`);
  }
}

/**
 * Whether a function name is one of Gemini's predefined computer-use functions (the
 * IsGeminiComputerAction): of the original set, the newer set, or either (default). Custom function
 * declarations (anything else) are handled by the caller.
 */
export function isGeminiPredefined(name: string, set: 'original' | 'new' | 'any' = 'any'): boolean {
  const inOriginal = (GEMINI_ORIGINAL_FUNCTIONS as readonly string[]).includes(name);
  const inNew = (GEMINI_NEW_FUNCTIONS as readonly string[]).includes(name);
  return set === 'original' ? inOriginal : set === 'new' ? inNew : inOriginal || inNew;
}
