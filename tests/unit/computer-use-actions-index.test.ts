import { describe, expect, it } from 'vitest';
import { actionSchema, type Action } from '@/lib/computer-use/types';
import {
  ACTION_SOURCES,
  CLAUDE_ACTIONS,
  describeAction,
  GEMINI_NEW_FUNCTIONS,
  GEMINI_ORIGINAL_FUNCTIONS,
  GENERIC_ACTIONS,
  isGeminiPredefined,
  isMappingError,
  toActions,
  type ActionSource,
} from '@/lib/computer-use/actions';

const VP = { width: 1440, height: 900 };

describe('toActions', () => {
  it('dispatches to each adapter by source', () => {
    expect(toActions('gemini', 'click_at', { x: 500, y: 500 }, VP)).toEqual([{ type: 'click', x: 720, y: 450, button: 'left' }]);
    expect(toActions('gemini-new', 'click', { x: 500, y: 500 }, VP)).toEqual([{ type: 'click', x: 720, y: 450, button: 'left' }]);
    expect(toActions('generic', 'click', { x: 500, y: 500 }, VP)).toEqual([{ type: 'click', x: 500, y: 500, button: 'left' }]);
    expect(toActions('claude', 'left_click', { coordinate: [500, 500] }, VP)).toEqual([{ type: 'click', x: 500, y: 500, button: 'left' }]);
    expect(toActions('generic', 'move', { x: 50, y: 50 }, VP, { screen: { width: 720, height: 450 } })).toEqual([{ type: 'move', x: 100, y: 100 }]);
    expect(toActions('claude', 'left_mouse_up', {}, VP, { pointer: { x: 3, y: 4 } })).toEqual([{ type: 'mouse_up', x: 3, y: 4 }]);
  });

  it('never throws: unknown sources, names and viewports come back as MappingError values', () => {
    const bad = toActions('openai' as ActionSource, 'click', {}, VP);
    expect(isMappingError(bad) && bad.message).toBe('openai click: unknown action source "openai"');
    const unknown = toActions('gemini', 'done', { message: 'x' }, VP);
    expect(isMappingError(unknown) && unknown).toEqual({
      kind: 'mapping_error',
      source: 'gemini',
      name: 'done',
      message: 'gemini done: unknown action "done"',
    });
    for (const source of ACTION_SOURCES) {
      const result = toActions(source, 'wait', {}, { width: 0, height: 0 });
      expect(isMappingError(result)).toBe(true);
    }
  });

  it('every name of every set, with plausible args, yields actions that pass actionSchema.parse', () => {
    const sampleArgs: Record<string, unknown> = {
      x: 400,
      y: 300,
      destination_x: 600,
      destination_y: 700,
      text: 'hello',
      url: '/about',
      keys: 'control+a',
      key: 'Tab',
      direction: 'down',
      scroll_y: 100,
      path: [
        { x: 1, y: 1 },
        { x: 2, y: 2 },
      ],
      coordinate: [10, 10],
      start_coordinate: [1, 1],
      scroll_direction: 'up',
      seconds: 1,
    };
    const sets: [ActionSource, readonly string[]][] = [
      ['gemini', GEMINI_ORIGINAL_FUNCTIONS.filter((n) => n !== 'search')],
      ['gemini-new', GEMINI_NEW_FUNCTIONS],
      ['generic', GENERIC_ACTIONS],
      ['claude', CLAUDE_ACTIONS],
    ];
    let count = 0;
    for (const [source, names] of sets) {
      for (const name of names) {
        const args = source === 'gemini-new' && name === 'hotkey' ? { keys: ['ctrl', 'a'] } : sampleArgs;
        const result = toActions(source, name, args, { width: 333, height: 777 });
        if (isMappingError(result)) throw new Error(result.message);
        expect(result.length).toBeGreaterThan(0);
        for (const action of result) {
          expect(actionSchema.parse(action)).toEqual(action);
          expect(describeAction(action).length).toBeGreaterThan(0);
          count++;
        }
      }
    }
    expect(count).toBeGreaterThanOrEqual(12 + 20 + 11 + 16);
  });
});

describe('isGeminiPredefined', () => {
  it.each([
    ['click_at', 'any', true],
    ['wait_5_seconds', 'any', true],
    ['search', 'original', true],
    ['open_web_browser', 'original', true],
    ['click', 'any', true],
    ['hotkey', 'new', true],
    ['hotkey', 'original', false],
    ['click_at', 'new', false],
    ['navigate', 'original', true],
    ['navigate', 'new', true],
    ['preview_check', 'any', false],
    ['left_click', 'any', false],
  ] as const)('%s in %s set → %s', (name, set, expected) => {
    expect(isGeminiPredefined(name, set)).toBe(expected);
  });

  it('defaults to either set', () => {
    expect(isGeminiPredefined('drag_and_drop')).toBe(true);
    expect(isGeminiPredefined('my_custom_fn')).toBe(false);
  });
});

describe('describeAction', () => {
  const cases: [Action, string][] = [
    [{ type: 'click', x: 120, y: 340, button: 'left' }, 'click at (120, 340)'],
    [{ type: 'click', x: 1, y: 2, button: 'right' }, 'right click at (1, 2)'],
    [{ type: 'click', x: 0, y: 0, button: 'left', label: 7 }, 'click at mark #7'],
    [{ type: 'double_click', x: 1, y: 2 }, 'double click at (1, 2)'],
    [{ type: 'triple_click', x: 1, y: 2 }, 'triple click at (1, 2)'],
    [{ type: 'right_click', x: 1, y: 2 }, 'right click at (1, 2)'],
    [{ type: 'middle_click', x: 1, y: 2 }, 'middle click at (1, 2)'],
    [{ type: 'mouse_down', x: 1, y: 2 }, 'mouse down at (1, 2)'],
    [{ type: 'mouse_up', x: 1, y: 2 }, 'mouse up at (1, 2)'],
    [{ type: 'move', x: 1, y: 2 }, 'move to (1, 2)'],
    [{ type: 'type', text: 'buy milk', pressEnter: true, clearBefore: false }, 'type "buy milk" + Enter'],
    [{ type: 'type', text: 'buy milk', x: 720, y: 90, pressEnter: false, clearBefore: true }, 'clear and type "buy milk" at (720, 90)'],
    [{ type: 'type', text: 'a', x: 0, y: 0, label: 2, pressEnter: false, clearBefore: false }, 'type "a" into mark #2'],
    [{ type: 'type', text: 'x'.repeat(70), pressEnter: false, clearBefore: false }, `type "${'x'.repeat(60)}…"`],
    [{ type: 'type', text: 'say "hi"\n', pressEnter: false, clearBefore: false }, 'type "say \\"hi\\"\\n"'],
    [{ type: 'key', keys: ['Control', 'c'] }, 'press Control+c'],
    [{ type: 'key', keys: ['Control', ' '] }, 'press Control+Space'],
    [{ type: 'scroll', direction: 'down', amount: 720 }, 'scroll down 720 px'],
    [{ type: 'scroll', x: 10, y: 20, direction: 'left', amount: 5 }, 'scroll left 5 px at (10, 20)'],
    [
      {
        type: 'drag',
        path: [
          { x: 1, y: 2 },
          { x: 3, y: 4 },
        ],
      },
      'drag from (1, 2) to (3, 4)',
    ],
    [
      {
        type: 'drag',
        path: [
          { x: 1, y: 2 },
          { x: 2, y: 2 },
          { x: 3, y: 4 },
        ],
      },
      'drag from (1, 2) to (3, 4) via 1 point',
    ],
    [{ type: 'navigate', url: '/about' }, 'navigate to /about'],
    [{ type: 'back' }, 'go back'],
    [{ type: 'forward' }, 'go forward'],
    [{ type: 'wait', durationMs: 5000 }, 'wait 5 s'],
    [{ type: 'wait', durationMs: 250 }, 'wait 250 ms'],
    [{ type: 'wait', durationMs: 1500 }, 'wait 1.5 s'],
    [{ type: 'screenshot' }, 'take a screenshot'],
  ];
  it.each(cases)('%j → %s', (action, text) => {
    expect(describeAction(action)).toBe(text);
  });
});
