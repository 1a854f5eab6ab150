import { describe, expect, it } from 'vitest';
import { type Action } from '@/lib/computer-use/types';
import { expectActions, expectMappingError } from './fakes/action-assertions';
import { CLAUDE_ACTIONS, CLAUDE_SCROLL_CLICK_PX, fromClaude, isActionType, normalizeActionType, type MappingError } from '@/lib/computer-use/actions';

const VP = { width: 1440, height: 900 };

const ok = expectActions;

const err = (result: Action[] | MappingError) => expectMappingError(result, 'claude');

const C = { coordinate: [120, 340] };
const table: [string, Record<string, unknown>, Action[]][] = [
  ['screenshot', {}, [{ type: 'screenshot' }]],
  ['left_click', C, [{ type: 'click', x: 120, y: 340, button: 'left' }]],
  ['right_click', C, [{ type: 'right_click', x: 120, y: 340 }]],
  ['middle_click', C, [{ type: 'middle_click', x: 120, y: 340 }]],
  ['double_click', C, [{ type: 'double_click', x: 120, y: 340 }]],
  ['triple_click', C, [{ type: 'triple_click', x: 120, y: 340 }]],
  ['mouse_move', C, [{ type: 'move', x: 120, y: 340 }]],
  [
    'left_click_drag',
    { start_coordinate: [10, 20], coordinate: [300, 400] },
    [
      {
        type: 'drag',
        path: [
          { x: 10, y: 20 },
          { x: 300, y: 400 },
        ],
      },
    ],
  ],
  ['left_mouse_down', C, [{ type: 'mouse_down', x: 120, y: 340 }]],
  ['left_mouse_up', C, [{ type: 'mouse_up', x: 120, y: 340 }]],
  ['key', { text: 'ctrl+s' }, [{ type: 'key', keys: ['Control', 's'] }]],
  ['hold_key', { text: 'shift', duration: 1 }, [{ type: 'key', keys: ['Shift'] }]],
  ['type', { text: 'buy milk' }, [{ type: 'type', text: 'buy milk', pressEnter: false, clearBefore: false }]],
  ['scroll', { coordinate: [700, 450], scroll_direction: 'down', scroll_amount: 5 }, [{ type: 'scroll', x: 700, y: 450, direction: 'down', amount: 500 }]],
  ['wait', { duration: 2 }, [{ type: 'wait', durationMs: 2000 }]],
  ['cursor_position', {}, [{ type: 'screenshot' }]],
];

describe('Claude-style actions → Action', () => {
  it.each(table)('%s(%j)', (name, args, expected) => {
    expect(ok(fromClaude(name, args, VP))).toEqual(expected);
  });

  it('covers every action of the set', () => {
    expect(table.map(([name]) => name).sort()).toEqual([...CLAUDE_ACTIONS].sort());
  });

  it('accepts the normalized names and x/y as well', () => {
    expect(ok(fromClaude('click', { x: 5, y: 6 }, VP))).toEqual([{ type: 'click', x: 5, y: 6, button: 'left' }]);
    expect(ok(fromClaude('move', { coordinate: [1, 2] }, VP))).toEqual([{ type: 'move', x: 1, y: 2 }]);
    expect(ok(fromClaude('LEFT_CLICK', C, VP))).toEqual([{ type: 'click', x: 120, y: 340, button: 'left' }]);
  });

  it('uses the known pointer when a coordinate is missing', () => {
    expect(ok(fromClaude('left_mouse_down', {}, VP, { pointer: { x: 50, y: 60 } }))).toEqual([{ type: 'mouse_down', x: 50, y: 60 }]);
    expect(ok(fromClaude('left_click_drag', { coordinate: [300, 400] }, VP, { pointer: { x: 5, y: 6 } }))).toEqual([
      {
        type: 'drag',
        path: [
          { x: 5, y: 6 },
          { x: 300, y: 400 },
        ],
      },
    ]);
  });

  it('scales and clamps pixel coordinates', () => {
    expect(ok(fromClaude('left_click', { coordinate: [640, 400] }, VP, { screen: { width: 1280, height: 800 } }))).toEqual([
      { type: 'click', x: 720, y: 450, button: 'left' },
    ]);
    expect(ok(fromClaude('left_click', { coordinate: [2000, -1] }, { width: 333, height: 777 }))).toEqual([{ type: 'click', x: 332, y: 0, button: 'left' }]);
  });

  it.each([
    ['up', 3, 300],
    ['down', 1, 100],
    ['left', 10, 1000],
    ['right', 0.5, 50],
    ['down', 0, 1],
  ] as const)('scroll %s × %s clicks = %s px (clicks × 100)', (direction, clicks, amount) => {
    expect(CLAUDE_SCROLL_CLICK_PX).toBe(100);
    expect(ok(fromClaude('scroll', { scroll_direction: direction, scroll_amount: clicks }, VP))).toEqual([{ type: 'scroll', direction, amount }]);
  });

  it('scroll defaults to 3 clicks and the page; wait defaults to 1 s and caps at 60 s', () => {
    expect(ok(fromClaude('scroll', { scroll_direction: 'up' }, VP))).toEqual([{ type: 'scroll', direction: 'up', amount: 300 }]);
    expect(ok(fromClaude('wait', {}, VP))).toEqual([{ type: 'wait', durationMs: 1000 }]);
    expect(ok(fromClaude('wait', { duration: 100 }, VP))).toEqual([{ type: 'wait', durationMs: 60_000 }]);
  });

  it('key: xdotool names, and a space-separated sequence becomes several key actions', () => {
    expect(ok(fromClaude('key', { text: 'Return' }, VP))).toEqual([{ type: 'key', keys: ['Enter'] }]);
    expect(ok(fromClaude('key', { text: 'BackSpace' }, VP))).toEqual([{ type: 'key', keys: ['Backspace'] }]);
    expect(ok(fromClaude('key', { text: 'super+l' }, VP))).toEqual([{ type: 'key', keys: ['Meta', 'l'] }]);
    expect(ok(fromClaude('key', { text: 'Page_Down' }, VP))).toEqual([{ type: 'key', keys: ['PageDown'] }]);
    expect(ok(fromClaude('key', { text: 'ctrl+a Delete' }, VP))).toEqual([
      { type: 'key', keys: ['Control', 'a'] },
      { type: 'key', keys: ['Delete'] },
    ]);
  });

  it.each([
    ['left_click', {}, /^claude left_click: coordinate \[x, y\] is required \(no known pointer position\)/],
    ['left_click', { coordinate: [1] }, /bad arguments: coordinate: /],
    ['left_click', { coordinate: ['a', 2] }, /bad arguments: coordinate.0: /],
    ['left_click_drag', { start_coordinate: [1, 2] }, /coordinate \[x, y\] \(the drop point\) is required/],
    ['left_click_drag', { coordinate: [1, 2] }, /start_coordinate \[x, y\] is required/],
    ['key', {}, /bad arguments: text: /],
    ['key', { text: '   ' }, /text \(the key to press\) is empty/],
    ['type', { text: null }, /bad arguments: text: /],
    ['scroll', { scroll_direction: 'diagonal' }, /bad arguments: scroll_direction: /],
    ['scroll', { scroll_direction: 'up', scroll_amount: -2 }, /scroll_amount: /],
    ['wait', { duration: -1 }, /duration: /],
    ['zoom', {}, /unknown action "zoom"/],
  ])('%s(%j) → MappingError', (name, args, message) => {
    expect(err(fromClaude(name, args, VP))).toMatch(message);
  });
});

describe('normalizeActionType', () => {
  it.each([
    ['left_click', 'click'],
    ['right_click', 'right_click'],
    ['middle_click', 'middle_click'],
    ['double_click', 'double_click'],
    ['triple_click', 'triple_click'],
    ['mouse_move', 'move'],
    ['left_click_drag', 'drag'],
    ['left_mouse_down', 'mouse_down'],
    ['left_mouse_up', 'mouse_up'],
    ['key', 'key'],
    ['keypress', 'key'],
    ['hotkey', 'key'],
    ['press_key', 'key'],
    ['key_combination', 'key'],
    ['type', 'type'],
    ['scroll', 'scroll'],
    ['wait', 'wait'],
    ['screenshot', 'screenshot'],
    ['cursor_position', 'screenshot'],
    ['take_screenshot', 'screenshot'],
    ['go_back', 'back'],
    ['go_forward', 'forward'],
    ['hover_at', 'move'],
    ['click_at', 'click'],
    ['drag_and_drop', 'drag'],
    ['navigate', 'navigate'],
    [' Left_Click ', 'click'],
    ['something_else', 'something_else'],
    ['constructor', 'constructor'],
  ])('%s → %s', (name, normalized) => {
    expect(normalizeActionType(name)).toBe(normalized);
  });

  it('isActionType knows the normalized vocabulary only', () => {
    expect(isActionType('click')).toBe(true);
    expect(isActionType('left_click')).toBe(false);
  });
});
