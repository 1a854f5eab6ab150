/** Fakes for the computer-use session tests: a Computer that records actions, a scripted fetchTurn. */
import type { Content, Part } from '@google/genai';
import { summarizeContent, type TurnRequest, type TurnResponse } from '@/lib/computer-use/session-protocol';
import type { FetchTurn } from '@/lib/computer-use/session-types';
import type { Action, ActionResult, Computer, DisplaySize, Screenshot, ScreenshotOptions } from '@/lib/computer-use/types';

export class FakeComputer implements Computer {
  readonly executed: Action[] = [];
  shots = 0;
  url = 'http://preview.local/';
  /** Make execute throw for actions of this type. */
  failOn?: Action['type'];
  failScreenshot = false;
  /** Whether each screenshot (after an action or on its own) was allowed to be JPEG. */
  readonly allowJpeg: boolean[] = [];
  constructor(readonly size: DisplaySize = { width: 1000, height: 600 }) {}

  private shot(options: ScreenshotOptions = {}): Screenshot {
    this.allowJpeg.push(options.allowJpeg ?? false);
    return {
      base64: `PNG-${++this.shots}`,
      mimeType: 'image/png',
      width: this.size.width,
      height: this.size.height,
      viewport: { ...this.size },
      url: this.url,
    };
  }
  async execute(action: Action, options?: ScreenshotOptions): Promise<ActionResult> {
    if (this.failOn === action.type) throw new Error(`no element under the point for ${action.type}`);
    this.executed.push(action);
    if (action.type === 'navigate') this.url = `http://preview.local${action.url}`;
    const at = 'x' in action && action.x !== undefined && 'y' in action && action.y !== undefined ? { x: action.x, y: action.y } : undefined;
    return { screenshot: this.shot(options), ...(at ? { at } : {}), note: `did ${action.type}` };
  }
  async screenshot(options?: ScreenshotOptions): Promise<Screenshot> {
    if (this.failScreenshot) throw new Error('the preview is not reachable');
    return this.shot(options);
  }
  async displaySize(): Promise<DisplaySize> {
    return { ...this.size };
  }
  async close(): Promise<void> {}
}

export const call = (name: string, args: Record<string, unknown> = {}, id?: string): Part => ({ functionCall: { ...(id ? { id } : {}), name, args } });
export const text = (value: string): Part => ({ text: value });

export function modelTurn(parts: Part[], model = 'gemini-2.5-computer-use-preview-10-2025'): TurnResponse {
  const candidateContent: Content = { role: 'model', parts };
  return { model, candidateContent, ...summarizeContent(candidateContent), finishReason: 'STOP', usage: { totalTokens: 1 } };
}

/** Answers each request with the next scripted turn (the last one repeats); records the request bodies. */
export function scriptedTurns(...turns: (TurnResponse | Error | (() => Promise<TurnResponse>))[]) {
  const bodies: TurnRequest[] = [];
  const fetchTurn: FetchTurn = async (body) => {
    bodies.push(structuredClone(body));
    const next = turns[Math.min(bodies.length - 1, turns.length - 1)];
    if (next === undefined) throw new Error('no scripted turn');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  };
  return { fetchTurn, bodies };
}

/** The function responses of a user content, in order. */
export const responsesOf = (content: Content | undefined) => (content?.parts ?? []).flatMap((p) => (p.functionResponse ? [p.functionResponse] : []));

export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
