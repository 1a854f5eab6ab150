import { describe, expect, it } from 'vitest';
import { type Action } from '@/lib/computer-use/types';
import { expectActions, expectMappingError } from './fakes/action-assertions';
import { fromGeneric, GENERIC_ACTIONS, GENERIC_DEFAULT_WAIT_MS, type MappingError } from '@/lib/computer-use/actions';

const VP = { width: 1440, height: 900 };

const ok = expectActions;

const err = (result: Action[] | MappingError) => expectMappingError(result, 'generic');

const table: [string, Record<string, unknown>, Action[]][] = [
  ['screenshot', {}, [{ type: 'screenshot' }]],
  ['click', { action: 'click', x: 500, y: 300 }, [{ type: 'click', x: 500, y: 300, button: 'left' }]],
  ['double_click', { x: 400, y: 200 }, [{ type: 'double_click', x: 400, y: 200 }]],
  ['right_click', { x: 600, y: 400 }, [{ type: 'right_click', x: 600, y: 400 }]],
  ['middle_click', { x: 700, y: 350 }, [{ type: 'middle_click', x: 700, y: 350 }]],
  ['type', { text: 'Hello World' }, [{ type: 'type', text: 'Hello World', pressEnter: false, clearBefore: false }]],
  ['keypress', { keys: 'Control+c' }, [{ type: 'key', keys: ['Control', 'c'] }]],
  ['move', { x: 800, y: 450 }, [{ type: 'move', x: 800, y: 450 }]],
  ['scroll', { scroll_y: 500 }, [{ type: 'scroll', direction: 'down', amount: 500 }]],
  [
    'drag',
    {
      path: [
        { x: 100, y: 200 },
        { x: 400, y: 500 },
      ],
    },
    [
      {
        type: 'drag',
        path: [
          { x: 100, y: 200 },
          { x: 400, y: 500 },
        ],
      },
    ],
  ],
  ['wait', { duration: 2000, condition: 'page_load' }, [{ type: 'wait', durationMs: 2000 }]],
];

describe('generic set → Action', () => {
  it.each(table)('%s(%j)', (name, args, expected) => {
    expect(ok(fromGeneric(name, args, VP))).toEqual(expected);
  });

  it('covers every action of the set', () => {
    expect(table.map(([name]) => name).sort()).toEqual([...GENERIC_ACTIONS].sort());
  });

  it.each([
    [undefined, [{ type: 'click', x: 5, y: 6, button: 'left' }]],
    ['left', [{ type: 'click', x: 5, y: 6, button: 'left' }]],
    ['right', [{ type: 'click', x: 5, y: 6, button: 'right' }]],
    ['middle', [{ type: 'click', x: 5, y: 6, button: 'middle' }]],
    ['wheel', [{ type: 'click', x: 5, y: 6, button: 'middle' }]],
    ['back', [{ type: 'back' }]],
    ['forward', [{ type: 'forward' }]],
  ])('click with button %s', (button, expected) => {
    const args = button === undefined ? { x: 5, y: 6 } : { x: 5, y: 6, button };
    expect(ok(fromGeneric('click', args, VP))).toEqual(expected);
  });

  it('pixel coordinates are clamped into the viewport and scaled from a downscaled screenshot', () => {
    expect(ok(fromGeneric('click', { x: 5000, y: -4 }, VP))).toEqual([{ type: 'click', x: 1439, y: 0, button: 'left' }]);
    expect(ok(fromGeneric('move', { x: 360, y: 225 }, VP, { width: 720, height: 450 }))).toEqual([{ type: 'move', x: 720, y: 450 }]);
    expect(ok(fromGeneric('double_click', { x: 1, y: 1 }, { width: 1, height: 1 }))).toEqual([{ type: 'double_click', x: 0, y: 0 }]);
    expect(ok(fromGeneric('click', { x: 332.6, y: 776.4 }, { width: 333, height: 777 }))).toEqual([{ type: 'click', x: 332, y: 776, button: 'left' }]);
  });

  it.each([
    [{ scroll_y: -300 }, [{ type: 'scroll', direction: 'up', amount: 300 }]],
    [{ scroll_x: 200 }, [{ type: 'scroll', direction: 'right', amount: 200 }]],
    [{ scroll_x: -200 }, [{ type: 'scroll', direction: 'left', amount: 200 }]],
    [{ scroll_x: 0, scroll_y: 120 }, [{ type: 'scroll', direction: 'down', amount: 120 }]],
    [
      { x: 10, y: 20, scroll_x: -50, scroll_y: 80 },
      [
        { type: 'scroll', x: 10, y: 20, direction: 'down', amount: 80 },
        { type: 'scroll', x: 10, y: 20, direction: 'left', amount: 50 },
      ],
    ],
  ])('scroll %j → one action per non-zero axis, direction by sign', (args, expected) => {
    expect(ok(fromGeneric('scroll', args, VP))).toEqual(expected);
  });

  it('scroll distances scale with a downscaled screenshot', () => {
    expect(ok(fromGeneric('scroll', { scroll_y: 100, scroll_x: -100 }, VP, { width: 720, height: 450 }))).toEqual([
      { type: 'scroll', direction: 'down', amount: 200 },
      { type: 'scroll', direction: 'left', amount: 200 },
    ]);
  });

  it('keypress: strings are combinations, arrays are keys pressed together', () => {
    expect(ok(fromGeneric('keypress', { keys: 'Enter' }, VP))[0]).toEqual({ type: 'key', keys: ['Enter'] });
    expect(ok(fromGeneric('keypress', { keys: 'Alt+F4' }, VP))[0]).toEqual({ type: 'key', keys: ['Alt', 'F4'] });
    expect(ok(fromGeneric('keypress', { keys: ['CTRL', 'C'] }, VP))[0]).toEqual({ type: 'key', keys: ['Control', 'c'] });
    expect(ok(fromGeneric('keypress', { keys: ['ArrowDown'] }, VP))[0]).toEqual({ type: 'key', keys: ['ArrowDown'] });
  });

  it('wait: duration or ms in milliseconds, default 1000, capped at 60 s', () => {
    expect(GENERIC_DEFAULT_WAIT_MS).toBe(1000);
    expect(ok(fromGeneric('wait', {}, VP))).toEqual([{ type: 'wait', durationMs: 1000 }]);
    expect(ok(fromGeneric('wait', { ms: 250.4 }, VP))).toEqual([{ type: 'wait', durationMs: 250 }]);
    expect(ok(fromGeneric('wait', { duration: 120_000 }, VP))).toEqual([{ type: 'wait', durationMs: 60_000 }]);
  });

  it('Set-of-Mark labels pass through (x/y optional with a label)', () => {
    expect(ok(fromGeneric('click', { label: 3 }, VP))).toEqual([{ type: 'click', x: 0, y: 0, label: 3, button: 'left' }]);
    expect(ok(fromGeneric('right_click', { label: 2, x: 5, y: 5 }, VP))).toEqual([{ type: 'right_click', x: 5, y: 5, label: 2 }]);
    expect(ok(fromGeneric('type', { label: 4, text: 'a' }, VP))).toEqual([
      { type: 'type', x: 0, y: 0, label: 4, text: 'a', pressEnter: false, clearBefore: false },
    ]);
    expect(ok(fromGeneric('type', { x: 7, y: 8, text: 'a' }, VP))[0]).toMatchObject({ x: 7, y: 8 });
  });

  it('a longer drag path is kept', () => {
    const path = [
      { x: 0, y: 0 },
      { x: 10, y: 10 },
      { x: 20, y: 30 },
    ];
    expect(ok(fromGeneric('drag', { path }, VP))).toEqual([{ type: 'drag', path }]);
  });

  it.each([
    ['click', { x: 1 }, /^generic click: bad arguments: x and y are required \(or a label\)/],
    ['click', { x: 1, y: 2, button: 'side' }, /bad arguments: button: /],
    ['click', { label: 0 }, /bad arguments: label: /],
    ['double_click', {}, /x and y are required/],
    ['type', {}, /bad arguments: text: /],
    ['keypress', { keys: [] }, /bad arguments: keys: /],
    ['keypress', {}, /bad arguments: keys: /],
    ['move', { x: '1', y: 2 }, /bad arguments: x: /],
    ['scroll', {}, /scroll needs a non-zero scroll_x or scroll_y/],
    ['scroll', { scroll_y: 0 }, /scroll needs a non-zero/],
    ['drag', { path: [{ x: 1, y: 1 }] }, /bad arguments: path: /],
    ['drag', { path: [{ x: 1 }, { x: 2, y: 2 }] }, /bad arguments: path.0.y: /],
    ['wait', { duration: -5 }, /bad arguments: duration: /],
    ['left_click', { x: 1, y: 1 }, /unknown action "left_click"/],
  ])('%s(%j) → MappingError', (name, args, message) => {
    expect(err(fromGeneric(name, args, VP))).toMatch(message);
  });
});
