/**
 * Runs one normalized Action in the page. The result says where a pointer action landed and what happened;
 * the screenshot is a separate request, so a click that navigates can be answered before the page goes away.
 */
import type { Action } from '../computer-use/types';
import { BridgeError, deepActiveElement, describeElement, isContentEditable, isTextField, nextPaint, sleep } from './dom';
import { chooseOption, clearText } from './editing';
import { markEdited } from './focus';
import { pressEnterKey, pressKeys, typeText } from './keyboard';
import { resolveLabel } from './marks';
import { resolvePreviewUrl, historyStep, isNavigating } from './navigation';
import { click, drag, hover, pressDown, release, targetAt, type Button } from './pointer';
import { scrollAt } from './scroll';

interface ExecuteResult {
  at?: { x: number; y: number };
  note?: string;
  /** The document started navigating: the IDE waits for the next page's `ready` before its screenshot. */
  navigating?: boolean;
}

interface Executed {
  result: ExecuteResult;
  /** Work to do after the response is posted (a navigation would otherwise race the reply). */
  after?: () => void;
}

type Point = { x: number; y: number };

/** The point an action targets: its label's element center (Set-of-Mark) or its coordinates. */
function pointOf(action: { x?: number; y?: number; label?: number }): Point | null {
  if (action.label !== undefined) {
    const point = resolveLabel(action.label);
    if (!point) throw new BridgeError('UnknownLabel', `label ${action.label} is not on the last marked screenshot (take a new one with marks)`);
    return point;
  }
  if (action.x === undefined || action.y === undefined) return null;
  return { x: action.x, y: action.y };
}

function requirePoint(action: { x?: number; y?: number; label?: number }): Point {
  const point = pointOf(action);
  if (!point) throw new BridgeError('BadAction', 'this action needs x/y or a label');
  return point;
}

function clickNote(verb: string, element: Element): string {
  return `${verb} ${describeElement(element)}`;
}

function typeInto(doc: Document, action: Extract<Action, { type: 'type' }>): ExecuteResult {
  const point = pointOf(action);
  if (point) click(doc, point);
  const target = deepActiveElement(doc);
  if (target instanceof HTMLSelectElement) {
    if (!chooseOption(target, action.text)) throw new BridgeError('NoOption', `no option "${action.text}" in ${describeElement(target)}`);
    return { at: point ?? undefined, note: `chose "${action.text}" in ${describeElement(target)}` };
  }
  if (!target || !(isTextField(target) || isContentEditable(target))) {
    const what = target && target !== doc.body ? describeElement(target) : 'nothing focused';
    throw new BridgeError('NotEditable', `cannot type: ${what} is not a text field (click one first or give x/y)`);
  }
  if (action.clearBefore) {
    clearText(target);
    markEdited(target);
  }
  typeText(doc, action.text);
  markEdited(target);
  if (action.pressEnter) pressEnterKey(doc);
  const chars = [...action.text].length;
  return {
    at: point ?? undefined,
    note: `typed ${chars} character${chars === 1 ? '' : 's'} into ${describeElement(target)}${action.pressEnter ? ', pressed Enter' : ''}`,
  };
}

async function run(win: Window, action: Action): Promise<Executed> {
  const doc = win.document;
  switch (action.type) {
    case 'click':
    case 'double_click':
    case 'triple_click':
    case 'right_click':
    case 'middle_click': {
      const point = requirePoint(action);
      const button: Button =
        action.type === 'click' ? action.button : action.type === 'right_click' ? 'right' : action.type === 'middle_click' ? 'middle' : 'left';
      const count = action.type === 'double_click' ? 2 : action.type === 'triple_click' ? 3 : 1;
      const target = click(doc, point, button, count);
      const verb = {
        click: 'clicked',
        double_click: 'double-clicked',
        triple_click: 'triple-clicked',
        right_click: 'right-clicked',
        middle_click: 'middle-clicked',
      }[action.type];
      return { result: { at: point, note: clickNote(button !== 'left' && action.type === 'click' ? `${button}-clicked` : verb, target) } };
    }
    case 'mouse_down':
      return { result: { at: action, note: clickNote('pressed the mouse on', pressDown(doc, action)) } };
    case 'mouse_up':
      return { result: { at: action, note: clickNote('released the mouse on', release(doc, action)) } };
    case 'move':
      return { result: { at: action, note: clickNote('hovered', hover(doc, action)) } };
    case 'type':
      return { result: typeInto(doc, action) };
    case 'key':
      return { result: { note: `pressed ${pressKeys(doc, action.keys)}` } };
    case 'scroll': {
      const point = action.x !== undefined && action.y !== undefined ? { x: action.x, y: action.y } : null;
      const start = point ? targetAt(doc, point) : null;
      const scrolled = scrollAt(doc, start, point, action.direction, action.amount);
      const what = !scrolled
        ? 'the page handled the wheel itself'
        : scrolled === (doc.scrollingElement ?? doc.documentElement)
          ? 'the page'
          : describeElement(scrolled);
      return { result: { at: point ?? undefined, note: `scrolled ${action.direction} ${action.amount}px: ${what}` } };
    }
    case 'drag': {
      const end = action.path[action.path.length - 1];
      return { result: { at: end, note: clickNote(`dragged ${action.path.length} points onto`, drag(doc, action.path)) } };
    }
    case 'navigate': {
      const url = resolvePreviewUrl(action.url, new URL(win.location.href));
      return { result: { navigating: true, note: `navigating to ${url.pathname}${url.search}${url.hash}` }, after: () => win.location.assign(url.href) };
    }
    case 'back':
    case 'forward':
      return { result: { navigating: true, note: `went ${action.type}` }, after: historyStep(win, action.type) };
    case 'wait':
      await sleep(action.durationMs);
      return { result: { note: `waited ${action.durationMs} ms` } };
    case 'screenshot':
      return { result: {} };
  }
}

/** Executes, lets the page render (and start any navigation the action caused), then reports. */
export async function executeAction(win: Window, action: Action): Promise<Executed> {
  const executed = await run(win, action);
  // A link click starts its navigation synchronously (the Navigation API says so): answer at once, since this
  // document may be gone before the next frame.
  if (isNavigating()) executed.result.navigating = true;
  if (!executed.after && !isNavigating()) {
    await nextPaint(win);
    // A link click or form submit navigates a moment later; give it a beat to start.
    await sleep(30);
    if (isNavigating()) executed.result.navigating = true;
  }
  return executed;
}
