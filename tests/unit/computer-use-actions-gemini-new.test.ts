import { describe, expect, it } from 'vitest';
import { type Action } from '@/lib/computer-use/types';
import { expectActions, expectMappingError } from './fakes/action-assertions';
import { DEFAULT_WAIT_SECONDS, fromGeminiNew, GEMINI_NEW_FUNCTIONS, type MappingError } from '@/lib/computer-use/actions';

const VP = { width: 1440, height: 900 };

const ok = expectActions;

const err = (result: Action[] | MappingError) => expectMappingError(result, 'gemini-new');

const P = { x: 500, y: 500 };
const table: [string, Record<string, unknown>, Action[]][] = [
  ['click', P, [{ type: 'click', x: 720, y: 450, button: 'left' }]],
  ['double_click', P, [{ type: 'double_click', x: 720, y: 450 }]],
  ['triple_click', P, [{ type: 'triple_click', x: 720, y: 450 }]],
  ['middle_click', P, [{ type: 'middle_click', x: 720, y: 450 }]],
  ['right_click', P, [{ type: 'right_click', x: 720, y: 450 }]],
  ['mouse_down', P, [{ type: 'mouse_down', x: 720, y: 450 }]],
  ['mouse_up', { x: 999, y: 0 }, [{ type: 'mouse_up', x: 1439, y: 0 }]],
  ['move', { x: 100, y: 100 }, [{ type: 'move', x: 144, y: 90 }]],
  ['type', { text: 'buy milk', press_enter: true }, [{ type: 'type', text: 'buy milk', pressEnter: true, clearBefore: false }]],
  ['scroll', { x: 500, y: 500, direction: 'down', magnitude: 500 }, [{ type: 'scroll', x: 720, y: 450, direction: 'down', amount: 450 }]],
  ['wait', { seconds: 2 }, [{ type: 'wait', durationMs: 2000 }]],
  ['hotkey', { keys: ['ctrl', 'c'] }, [{ type: 'key', keys: ['Control', 'c'] }]],
  ['press_key', { key: 'enter' }, [{ type: 'key', keys: ['Enter'] }]],
  ['key_down', { key: 'Shift' }, [{ type: 'key', keys: ['Shift'] }]],
  ['key_up', { key: 'Shift' }, [{ type: 'screenshot' }]],
  ['take_screenshot', {}, [{ type: 'screenshot' }]],
  ['go_back', {}, [{ type: 'back' }]],
  ['go_forward', {}, [{ type: 'forward' }]],
  ['navigate', { url: 'http://localhost:3000/done' }, [{ type: 'navigate', url: 'http://localhost:3000/done' }]],
  [
    'drag_and_drop',
    { x: 0, y: 0, destination_x: 999, destination_y: 999 },
    [
      {
        type: 'drag',
        path: [
          { x: 0, y: 0 },
          { x: 1439, y: 899 },
        ],
      },
    ],
  ],
];

describe('Gemini new set → Action', () => {
  it.each(table)('%s(%j)', (name, args, expected) => {
    expect(ok(fromGeminiNew(name, args, VP))).toEqual(expected);
  });

  it('covers every function of the set', () => {
    expect(table.map(([name]) => name).sort()).toEqual([...GEMINI_NEW_FUNCTIONS].sort());
  });

  it('type is at the focus: no point, never clears, press_enter defaults to false', () => {
    expect(ok(fromGeminiNew('type', { text: 'hi' }, VP))).toEqual([{ type: 'type', text: 'hi', pressEnter: false, clearBefore: false }]);
  });

  it.each([
    ['up', 720],
    ['down', 720],
    ['left', 1152],
    ['right', 1152],
  ] as const)('scroll %s without point or magnitude scrolls the page by 800 on the grid (%s px)', (direction, amount) => {
    expect(ok(fromGeminiNew('scroll', { direction }, VP))).toEqual([{ type: 'scroll', direction, amount }]);
  });

  it('scroll with only one coordinate scrolls the page', () => {
    expect(ok(fromGeminiNew('scroll', { x: 10, direction: 'up' }, VP))).toEqual([{ type: 'scroll', direction: 'up', amount: 720 }]);
  });

  it('wait defaults to 5 s, rounds fractions and caps at 60 s', () => {
    expect(DEFAULT_WAIT_SECONDS).toBe(5);
    expect(ok(fromGeminiNew('wait', {}, VP))).toEqual([{ type: 'wait', durationMs: 5000 }]);
    expect(ok(fromGeminiNew('wait', { seconds: 0.25 }, VP))).toEqual([{ type: 'wait', durationMs: 250 }]);
    expect(ok(fromGeminiNew('wait', { seconds: 600 }, VP))).toEqual([{ type: 'wait', durationMs: 60_000 }]);
    expect(ok(fromGeminiNew('wait', { seconds: 0 }, VP))).toEqual([{ type: 'wait', durationMs: 0 }]);
  });

  it('hotkey takes arrays, combinations inside arrays, or a plain string', () => {
    expect(ok(fromGeminiNew('hotkey', { keys: ['Control', 'Shift', 't'] }, VP))[0]).toEqual({ type: 'key', keys: ['Control', 'Shift', 'T'] });
    expect(ok(fromGeminiNew('hotkey', { keys: ['ctrl+shift', 'tab'] }, VP))[0]).toEqual({ type: 'key', keys: ['Control', 'Shift', 'Tab'] });
    expect(ok(fromGeminiNew('hotkey', { keys: 'command+a' }, VP))[0]).toEqual({ type: 'key', keys: ['Meta', 'a'] });
    expect(ok(fromGeminiNew('press_key', { key: 'ctrl+a' }, VP))[0]).toEqual({ type: 'key', keys: ['Control', 'a'] });
    expect(ok(fromGeminiNew('press_key', { key: 'pagedown' }, VP))[0]).toEqual({ type: 'key', keys: ['PageDown'] });
  });

  it.each([
    ['click', { x: 1 }, /^gemini-new click: bad arguments: y: /],
    ['mouse_down', {}, /bad arguments: x: .*; y: /],
    ['type', { text: 5 }, /bad arguments: text: /],
    ['type', { text: 'a', press_enter: 1 }, /press_enter: /],
    ['scroll', { x: 1, y: 1 }, /bad arguments: direction: /],
    ['wait', { seconds: -1 }, /bad arguments: seconds: /],
    ['wait', { seconds: '5' }, /bad arguments: seconds: /],
    ['hotkey', { keys: [] }, /bad arguments: keys: /],
    ['hotkey', { keys: ['ctrl', ''] }, /empty key combination/],
    ['hotkey', { keys: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, /at most 6 keys/],
    ['press_key', {}, /bad arguments: key: /],
    ['key_up', {}, /bad arguments: key: /],
    ['navigate', { url: 3 }, /bad arguments: url: /],
    ['drag_and_drop', { x: 1, y: 1 }, /destination_x: /],
    ['click_at', { x: 1, y: 1 }, /unknown action "click_at"/],
  ])('%s(%j) → MappingError', (name, args, message) => {
    expect(err(fromGeminiNew(name, args, VP))).toMatch(message);
  });
});
