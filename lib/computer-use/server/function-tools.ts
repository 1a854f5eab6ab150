/**
 * The generic and the Claude-style action sets as plain function tools, for vision models that have no
 * computer-use tool of their own (any OpenAI-compatible server: Ollama, LM Studio, vLLM…). Coordinates are
 * pixels of the latest screenshot in both; the session's adapters (lib/computer-use/actions) map the calls.
 *
 * Generic: one function per action (`click`, `type`, …). Claude-style: one `computer` function whose `action`
 * names it, as Anthropic's computer tool does; the turn reports each call under its action's name, so the
 * session and the conversation see the same calls for both sets.
 */
import { z } from 'zod';
import { CLAUDE_ACTIONS } from '../actions/claude';

export const FUNCTION_ACTION_SETS = ['generic', 'claude'] as const;
export type FunctionActionSet = (typeof FUNCTION_ACTION_SETS)[number];

/** The one function of the Claude-style set. */
const CLAUDE_TOOL = 'computer';

const x = z.number().describe('Pixels from the left edge of the latest screenshot');
const y = z.number().describe('Pixels from the top edge of the latest screenshot');
const point = z.object({ x, y });

interface FunctionTool {
  description: string;
  inputSchema: z.ZodType;
}

const GENERIC_TOOLS: Record<string, FunctionTool> = {
  screenshot: { description: 'Take a new screenshot of the page without acting.', inputSchema: z.object({}) },
  click: {
    description: 'Click at a point. button: left (default), right, middle; back/forward go through the history.',
    inputSchema: point.extend({ button: z.enum(['left', 'right', 'middle', 'back', 'forward']).optional() }),
  },
  double_click: { description: 'Double-click at a point.', inputSchema: point },
  right_click: { description: 'Right-click at a point.', inputSchema: point },
  type: {
    description: 'Type text, at a point when given (it is clicked first), else where the focus is.',
    inputSchema: z.object({ text: z.string(), x: x.optional(), y: y.optional() }),
  },
  keypress: { description: 'Press a key or a combination, e.g. "Enter", "Control+a".', inputSchema: z.object({ keys: z.string() }) },
  move: { description: 'Move the mouse to a point (hover).', inputSchema: point },
  scroll: {
    description: 'Scroll by pixels: scroll_y > 0 down, < 0 up; scroll_x > 0 right, < 0 left; at a point when given.',
    inputSchema: z.object({ x: x.optional(), y: y.optional(), scroll_x: z.number().optional(), scroll_y: z.number().optional() }),
  },
  drag: { description: 'Drag along a path of at least two points.', inputSchema: z.object({ path: z.array(point).min(2).max(100) }) },
  wait: { description: 'Wait for the page, in milliseconds (default 1000).', inputSchema: z.object({ ms: z.number().min(0).max(60_000).optional() }) },
};

const coordinate = z.tuple([z.number(), z.number()]).describe('[x, y] in pixels of the latest screenshot');

const CLAUDE_TOOLS: Record<string, FunctionTool> = {
  [CLAUDE_TOOL]: {
    description:
      'Use the mouse and keyboard on the page. Actions: screenshot; left_click, right_click, middle_click, double_click, triple_click, mouse_move (coordinate); left_click_drag (start_coordinate, coordinate); key (text, e.g. "ctrl+a", "Return"); type (text); scroll (coordinate, scroll_direction, scroll_amount in wheel clicks); wait (duration in seconds).',
    inputSchema: z.object({
      action: z.enum(CLAUDE_ACTIONS),
      coordinate: coordinate.optional(),
      start_coordinate: coordinate.optional(),
      text: z.string().optional(),
      scroll_direction: z.enum(['up', 'down', 'left', 'right']).optional(),
      scroll_amount: z.number().min(0).optional(),
      duration: z.number().min(0).max(60).optional(),
    }),
  },
};

export function functionToolsFor(set: FunctionActionSet): Record<string, FunctionTool> {
  return set === 'generic' ? GENERIC_TOOLS : CLAUDE_TOOLS;
}

/** A call as the session sees it (its action's name and arguments), from the function the model called. */
export function callFromFunction(set: FunctionActionSet, toolName: string, input: unknown): { name: string; args: Record<string, unknown> } {
  const args = typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...(input as Record<string, unknown>) } : {};
  if (set === 'claude' && toolName === CLAUDE_TOOL && typeof args.action === 'string') {
    const { action, ...rest } = args;
    return { name: action as string, args: rest };
  }
  return { name: toolName, args };
}

/** The function the model called for a call the session holds: the inverse of callFromFunction. */
export function functionFromCall(set: FunctionActionSet, name: string, args: Record<string, unknown>): { toolName: string; input: Record<string, unknown> } {
  return set === 'claude' ? { toolName: CLAUDE_TOOL, input: { action: name, ...args } } : { toolName: name, input: args };
}

export function systemPromptFor(set: FunctionActionSet): string {
  return [
    'You operate a web page in a browser for the user, through function calls, and see it in screenshots.',
    'Coordinates are pixels of the latest screenshot, counted from its top-left corner.',
    set === 'claude' ? `Use the ${CLAUDE_TOOL} function with an action.` : 'Call one function per action.',
    'After each action you get a new screenshot. When the task is done, or cannot be done, answer in text without calling a function, and say what you found.',
  ].join(' ');
}
