/**
 * NormalizeActionType: provider-specific action names → the normalized vocabulary (`ActionType`).
 * Claude sends left_click, mouse_move, left_click_drag…; other sets use keypress / hotkey / go_back…
 * Names that are already normalized come back unchanged; unknown names come back trimmed and lowercased.
 */
import type { ActionType } from '../types';

const ACTION_TYPES: readonly ActionType[] = [
  'click',
  'double_click',
  'triple_click',
  'right_click',
  'middle_click',
  'mouse_down',
  'mouse_up',
  'move',
  'type',
  'key',
  'scroll',
  'drag',
  'navigate',
  'back',
  'forward',
  'wait',
  'screenshot',
];

const ALIASES: Readonly<Record<string, ActionType>> = {
  left_click: 'click',
  click_at: 'click',
  doubleclick: 'double_click',
  tripleclick: 'triple_click',
  rightclick: 'right_click',
  middleclick: 'middle_click',
  left_mouse_down: 'mouse_down',
  left_mouse_up: 'mouse_up',
  mouse_move: 'move',
  hover: 'move',
  hover_at: 'move',
  left_click_drag: 'drag',
  drag_and_drop: 'drag',
  type_text: 'type',
  keypress: 'key',
  key_press: 'key',
  press_key: 'key',
  hotkey: 'key',
  key_combination: 'key',
  cursor_position: 'screenshot',
  take_screenshot: 'screenshot',
  go_back: 'back',
  go_forward: 'forward',
  goto: 'navigate',
  open_url: 'navigate',
  sleep: 'wait',
};

export function isActionType(name: string): name is ActionType {
  return (ACTION_TYPES as readonly string[]).includes(name);
}

export function normalizeActionType(name: string): ActionType | string {
  const key = name.trim().toLowerCase();
  if (isActionType(key)) return key;
  return Object.prototype.hasOwnProperty.call(ALIASES, key) ? (ALIASES[key] ?? key) : key;
}
