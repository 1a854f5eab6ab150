/** One line per Action for the step log: "click at (120, 340)", "type \"buy milk\" + Enter". */
import type { Action } from '../types';

const MAX_TEXT = 60;

function at(a: { x: number; y: number; label?: number }): string {
  return a.label !== undefined ? `mark #${a.label}` : `(${a.x}, ${a.y})`;
}

function quote(text: string): string {
  const short = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  return JSON.stringify(short);
}

function keyName(key: string): string {
  return key === ' ' ? 'Space' : key;
}

function duration(ms: number): string {
  return ms >= 1000 && ms % 100 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

export function describeAction(action: Action): string {
  switch (action.type) {
    case 'click':
      return `${action.button === 'left' ? '' : `${action.button} `}click at ${at(action)}`;
    case 'double_click':
      return `double click at ${at(action)}`;
    case 'triple_click':
      return `triple click at ${at(action)}`;
    case 'right_click':
      return `right click at ${at(action)}`;
    case 'middle_click':
      return `middle click at ${at(action)}`;
    case 'mouse_down':
      return `mouse down at ${at(action)}`;
    case 'mouse_up':
      return `mouse up at ${at(action)}`;
    case 'move':
      return `move to ${at(action)}`;
    case 'type': {
      const where =
        action.label !== undefined ? ` into mark #${action.label}` : action.x !== undefined && action.y !== undefined ? ` at (${action.x}, ${action.y})` : '';
      return `${action.clearBefore ? 'clear and ' : ''}type ${quote(action.text)}${where}${action.pressEnter ? ' + Enter' : ''}`;
    }
    case 'key':
      return `press ${action.keys.map(keyName).join('+')}`;
    case 'scroll': {
      const where = action.x !== undefined && action.y !== undefined ? ` at (${action.x}, ${action.y})` : '';
      return `scroll ${action.direction} ${action.amount} px${where}`;
    }
    case 'drag': {
      const first = action.path[0];
      const last = action.path[action.path.length - 1];
      const via = action.path.length > 2 ? ` via ${action.path.length - 2} point${action.path.length > 3 ? 's' : ''}` : '';
      return first && last ? `drag from (${first.x}, ${first.y}) to (${last.x}, ${last.y})${via}` : 'drag';
    }
    case 'navigate':
      return `navigate to ${action.url}`;
    case 'back':
      return 'go back';
    case 'forward':
      return 'go forward';
    case 'wait':
      return `wait ${duration(action.durationMs)}`;
    case 'screenshot':
      return 'take a screenshot';
  }
}
