/**
 * The conversation pieces a session builds, in @google/genai's shapes: the first user turn (instructions, the
 * screen size and the first screenshot), one function response per call (url, safety acknowledgement or
 * error, the screenshot after it), replies; and the default `fetchTurn` (POST /api/computer-use).
 */
import type { Content, Part } from '@google/genai';
import { COMPUTER_USE_ENDPOINT, pruneScreenshots, type TurnFunctionCall, type TurnRequest, type TurnResponse } from './session-protocol';
import type { FetchTurn } from './session-types';
import type { Screenshot } from './types';

export const screenshotPart = (screenshot: Screenshot): Part => ({ inlineData: { mimeType: 'image/png', data: screenshot.pngBase64 } });

export function firstUserText(instructions: string, screenshot: Screenshot): string {
  const { width, height } = screenshot.viewport;
  return `${instructions.trim()}\n\nThe app is open in a browser preview; the screen is ${width}×${height}.`;
}

export function firstUserTurn(instructions: string, screenshot: Screenshot): Content {
  return { role: 'user', parts: [{ text: firstUserText(instructions, screenshot) }, screenshotPart(screenshot)] };
}

export interface CallOutcome {
  screenshot: Screenshot;
  /** The user approved a flagged call (it ran): acknowledge it. */
  acknowledged?: boolean;
  /** Why the call did not run or failed, for the model. */
  error?: string;
}

export function functionResponsePart(call: TurnFunctionCall, outcome: CallOutcome): Part {
  return {
    functionResponse: {
      ...(call.id ? { id: call.id } : {}),
      name: call.name,
      response: {
        url: outcome.screenshot.url,
        ...(outcome.acknowledged ? { safety_acknowledgement: 'true' } : {}),
        ...(outcome.error ? { error: outcome.error } : {}),
      },
      parts: [{ inlineData: { mimeType: 'image/png', data: outcome.screenshot.pngBase64 } }],
    },
  };
}

/** The calls of the last model turn that have no function response yet (a run stopped mid-turn). */
export function unansweredCalls(contents: readonly Content[]): TurnFunctionCall[] {
  const last = contents.at(-1);
  if (!last || last.role !== 'model') return [];
  return (last.parts ?? []).flatMap((part) => (part.functionCall?.name ? [{ ...(part.functionCall.id ? { id: part.functionCall.id } : {}), name: part.functionCall.name, args: part.functionCall.args ?? {} }] : []));
}

/**
 * The conversation with user parts added: into the last user turn when the conversation ends with one (the API
 * wants turns to alternate), else as a new turn. Returns a new array; no content object is changed.
 */
export function withUserParts(contents: readonly Content[], parts: Part[]): Content[] {
  const last = contents.at(-1);
  if (last?.role === 'user') return [...contents.slice(0, -1), { ...last, parts: [...(last.parts ?? []), ...parts] }];
  return [...contents, { role: 'user', parts }];
}

/**
 * The parts of a reply: the responses a stopped run had already made (`answered`, in call order), "not
 * executed" for the calls it left, then the text and a fresh screenshot.
 */
export function replyParts(contents: readonly Content[], answered: readonly Part[], text: string, screenshot: Screenshot): Part[] {
  const skipped = unansweredCalls(contents)
    .slice(answered.length)
    .map((call) => functionResponsePart(call, { screenshot, error: 'Not executed: the session was stopped before this action ran.' }));
  return [...(unansweredCalls(contents).length > 0 ? answered : []), ...skipped, { text }, screenshotPart(screenshot)];
}

export class TurnRequestError extends Error {
  override name = 'TurnRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** POST /api/computer-use with the pruned conversation; a non-2xx answer throws with the server's sentence. */
export function createFetchTurn(endpoint = COMPUTER_USE_ENDPOINT, fetchImpl: typeof fetch = (...args) => fetch(...args)): FetchTurn {
  return async (body: TurnRequest, signal: AbortSignal) => {
    const res = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, contents: pruneScreenshots(body.contents) }),
      signal,
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!res.ok) {
      const message = parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string' ? parsed.error : `${res.status} ${res.statusText} ${text.slice(0, 200)}`.trim();
      throw new TurnRequestError(res.status, message);
    }
    if (!parsed || typeof parsed !== 'object' || !('candidateContent' in parsed)) throw new TurnRequestError(res.status, 'The computer-use route answered without a model turn.');
    return parsed as TurnResponse;
  };
}
