import { describe, expect, it } from 'vitest';
import { type Action } from '@/lib/computer-use/types';
import { expectActions, expectMappingError } from './fakes/action-assertions';
import { fromGeminiOriginal, GEMINI_ORIGINAL_FUNCTIONS, TYPE_TEXT_AT_DEFAULTS, type MappingError } from '@/lib/computer-use/actions';

const VP = { width: 1440, height: 900 };

const ok = expectActions;

const err = (result: Action[] | MappingError) => expectMappingError(result, 'gemini');

const table: [string, Record<string, unknown>, Action[]][] = [
  ['open_web_browser', {}, [{ type: 'screenshot' }]],
  ['wait_5_seconds', {}, [{ type: 'wait', durationMs: 5000 }]],
  ['go_back', {}, [{ type: 'back' }]],
  ['go_forward', {}, [{ type: 'forward' }]],
  ['navigate', { url: '/about' }, [{ type: 'navigate', url: '/about' }]],
  ['click_at', { x: 500, y: 500 }, [{ type: 'click', x: 720, y: 450, button: 'left' }]],
  ['hover_at', { x: 100, y: 200 }, [{ type: 'move', x: 144, y: 180 }]],
  [
    'type_text_at',
    { x: 500, y: 100, text: 'buy milk', press_enter: true, clear_before_typing: false },
    [{ type: 'type', x: 720, y: 90, text: 'buy milk', pressEnter: true, clearBefore: false }],
  ],
  ['key_combination', { keys: 'control+c' }, [{ type: 'key', keys: ['Control', 'c'] }]],
  ['scroll_document', { direction: 'down' }, [{ type: 'scroll', direction: 'down', amount: 720 }]],
  ['scroll_at', { x: 500, y: 500, direction: 'right', magnitude: 400 }, [{ type: 'scroll', x: 720, y: 450, direction: 'right', amount: 576 }]],
  [
    'drag_and_drop',
    { x: 100, y: 100, destination_x: 900, destination_y: 800 },
    [
      {
        type: 'drag',
        path: [
          { x: 144, y: 90 },
          { x: 1296, y: 720 },
        ],
      },
    ],
  ],
];

describe('Gemini original set → Action', () => {
  it.each(table)('%s(%j)', (name, args, expected) => {
    expect(ok(fromGeminiOriginal(name, args, VP))).toEqual(expected);
  });

  it('covers every predefined function (13 + wait_5_seconds)', () => {
    expect(GEMINI_ORIGINAL_FUNCTIONS).toHaveLength(13);
    const mapped = new Set([...table.map(([name]) => name), 'search']);
    expect([...mapped].sort()).toEqual([...GEMINI_ORIGINAL_FUNCTIONS].sort());
  });

  it('search is excluded: a MappingError, not an action', () => {
    expect(err(fromGeminiOriginal('search', {}, VP))).toMatch(/^gemini search: search is excluded/);
  });

  it('type_text_at defaults: press_enter false, clear_before_typing true, as the Google reference agent does', () => {
    expect(TYPE_TEXT_AT_DEFAULTS).toEqual({ press_enter: false, clear_before_typing: true });
    expect(ok(fromGeminiOriginal('type_text_at', { x: 0, y: 0, text: 'hello' }, VP))).toEqual([
      { type: 'type', x: 0, y: 0, text: 'hello', pressEnter: false, clearBefore: true },
    ]);
    expect(ok(fromGeminiOriginal('type_text_at', { x: 0, y: 0, text: 'x', press_enter: true }, VP))[0]).toMatchObject({ pressEnter: true, clearBefore: true });
    expect(ok(fromGeminiOriginal('type_text_at', { x: 0, y: 0, text: '' }, VP))[0]).toMatchObject({ text: '' });
  });

  it('clamps out-of-range grid values (2.5 emits > 1000 after many steps)', () => {
    expect(ok(fromGeminiOriginal('click_at', { x: 1200, y: -3 }, VP))).toEqual([{ type: 'click', x: 1439, y: 0, button: 'left' }]);
    expect(ok(fromGeminiOriginal('click_at', { x: 999, y: 1000 }, VP))).toEqual([{ type: 'click', x: 1439, y: 899, button: 'left' }]);
    expect(ok(fromGeminiOriginal('click_at', { x: 250.7, y: 10.2 }, VP))).toEqual([{ type: 'click', x: 361, y: 9, button: 'left' }]);
  });

  it('denormalizes against the given (odd) viewport', () => {
    expect(ok(fromGeminiOriginal('click_at', { x: 999, y: 999 }, { width: 333, height: 777 }))).toEqual([{ type: 'click', x: 332, y: 776, button: 'left' }]);
    expect(ok(fromGeminiOriginal('click_at', { x: 500, y: 500 }, { width: 1, height: 1 }))).toEqual([{ type: 'click', x: 0, y: 0, button: 'left' }]);
  });

  it.each([
    ['up', 720],
    ['down', 720],
    ['left', 1152],
    ['right', 1152],
  ] as const)('scroll_document %s scrolls the page by magnitude 800 (%s px)', (direction, amount) => {
    expect(ok(fromGeminiOriginal('scroll_document', { direction }, VP))).toEqual([{ type: 'scroll', direction, amount }]);
  });

  it.each([
    ['up', undefined, 720],
    ['down', 999, 899],
    ['left', 100, 144],
    ['right', 2000, 1439],
    ['down', 0, 1],
  ] as const)('scroll_at %s magnitude %s → %s px', (direction, magnitude, amount) => {
    const args = magnitude === undefined ? { x: 10, y: 10, direction } : { x: 10, y: 10, direction, magnitude };
    expect(ok(fromGeminiOriginal('scroll_at', args, VP))).toEqual([{ type: 'scroll', x: 14, y: 9, direction, amount }]);
  });

  it('parses key combinations', () => {
    const keys = (combo: string) => ok(fromGeminiOriginal('key_combination', { keys: combo }, VP))[0];
    expect(keys('Enter')).toEqual({ type: 'key', keys: ['Enter'] });
    expect(keys('Control+Shift+T')).toEqual({ type: 'key', keys: ['Control', 'Shift', 'T'] });
    expect(keys('cmd+a')).toEqual({ type: 'key', keys: ['Meta', 'a'] });
    expect(keys('ctrl+C')).toEqual({ type: 'key', keys: ['Control', 'c'] });
  });

  it('ignores extra args such as safety_decision', () => {
    const args = { x: 500, y: 500, safety_decision: { decision: 'require_confirmation', explanation: 'buy' } };
    expect(ok(fromGeminiOriginal('click_at', args, VP))).toEqual([{ type: 'click', x: 720, y: 450, button: 'left' }]);
    expect(ok(fromGeminiOriginal('go_back', undefined, VP))).toEqual([{ type: 'back' }]);
  });

  it.each([
    ['click_at', { x: 'left', y: 2 }, /^gemini click_at: bad arguments: x: .*expected number/],
    ['click_at', { x: 5 }, /^gemini click_at: bad arguments: y: /],
    ['click_at', { x: NaN, y: 1 }, /bad arguments: x: /],
    ['type_text_at', { x: 1, y: 1 }, /bad arguments: text: /],
    ['type_text_at', { x: 1, y: 1, text: 'a', press_enter: 'yes' }, /press_enter: /],
    ['type_text_at', { x: 1, y: 1, text: 'a'.repeat(10_001) }, /produced an invalid type action: text: /],
    ['navigate', {}, /bad arguments: url: /],
    ['navigate', { url: '' }, /bad arguments: url: /],
    ['navigate', { url: `/${'a'.repeat(2048)}` }, /produced an invalid navigate action: url: /],
    ['key_combination', { keys: ['control', 'c'] }, /bad arguments: keys: /],
    ['key_combination', { keys: '' }, /empty key combination/],
    ['key_combination', { keys: 'control++c' }, /malformed key combination "control\+\+c"/],
    ['key_combination', { keys: 'a+b+c+d+e+f+g' }, /at most 6 keys/],
    ['scroll_document', { direction: 'sideways' }, /bad arguments: direction: /],
    ['scroll_at', { x: 1, y: 1, direction: 'up', magnitude: 'big' }, /magnitude: /],
    ['drag_and_drop', { x: 1, y: 1, destination_x: 5 }, /destination_y: /],
    ['click_at', 'x=1', /bad arguments: expected an object/],
    ['click_at', [1, 2], /bad arguments: expected an object/],
  ])('%s(%j) → MappingError', (name, args, message) => {
    expect(err(fromGeminiOriginal(name, args, VP))).toMatch(message);
  });

  it('unknown names and bad viewports are MappingErrors, never throws', () => {
    expect(err(fromGeminiOriginal('get_browser_state', {}, VP))).toBe('gemini get_browser_state: unknown action "get_browser_state"');
    expect(err(fromGeminiOriginal('toString', {}, VP))).toMatch(/unknown action/);
    expect(err(fromGeminiOriginal('click_at', { x: 1, y: 1 }, { width: 0, height: 900 }))).toMatch(/viewport width must be a finite number ≥ 1/);
    expect(err(fromGeminiOriginal('go_back', {}, { width: 1440, height: NaN }))).toMatch(/viewport height/);
  });
});
