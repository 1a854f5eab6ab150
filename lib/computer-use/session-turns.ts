/**
 * The conversation pieces a session builds, in @google/genai's shapes: the first user turn (instructions, the
 * screen size and the first screenshot), one function response per call (url, safety acknowledgement or
 * error, the screenshot after it), replies; and the default `fetchTurn` (POST /api/computer-use).
 */
import { providerKeyHeaders } from '@/lib/settings/request-headers';
import type { Content, Part } from '@google/genai';
import { z } from 'zod';
import { COMPUTER_USE_ENDPOINT, pruneScreenshots, readSafetyDecision, type TurnFunctionCall, type TurnRequest, type TurnResponse } from './session-protocol';
import type { FetchTurn } from './session-types';
import type { Screenshot } from './types';

const imagePart = (screenshot: Screenshot): Part => ({ inlineData: { mimeType: screenshot.mimeType, data: screenshot.base64 } });
const screenshotPart = imagePart;

function firstUserText(instructions: string, screenshot: Screenshot): string {
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
      parts: [imagePart(outcome.screenshot)],
    },
  };
}

/** The calls of the last model turn that have no function response yet (a run stopped mid-turn). */
function unansweredCalls(contents: readonly Content[]): TurnFunctionCall[] {
  const last = contents.at(-1);
  if (!last || last.role !== 'model') return [];
  return (last.parts ?? []).flatMap((part) => {
    if (!part.functionCall?.name) return [];
    const args = part.functionCall.args ?? {};
    const safetyDecision = readSafetyDecision(args);
    return [
      { ...(part.functionCall.id ? { id: part.functionCall.id } : {}), name: part.functionCall.name, args, ...(safetyDecision ? { safetyDecision } : {}) },
    ];
  });
}

/** A call the user must approve before it runs; its function response must carry the acknowledgement. */
const isFlagged = (call: TurnFunctionCall): boolean => (call.safetyDecision ?? readSafetyDecision(call.args))?.decision === 'require_confirmation';

/**
 * The conversation with user parts added: into the last user turn when the conversation ends with one (the API
 * wants turns to alternate), else as a new turn. Returns a new array; no content object is changed.
 */
export function withUserParts(contents: readonly Content[], parts: Part[]): Content[] {
  const last = contents.at(-1);
  if (last?.role === 'user') return [...contents.slice(0, -1), { ...last, parts: [...(last.parts ?? []), ...parts] }];
  return [...contents, { role: 'user', parts }];
}

const callText = (call: TurnFunctionCall) => {
  const { safety_decision: _decision, ...args } = call.args;
  return `${call.name} ${JSON.stringify(args)}`;
};

/**
 * What a stopped model turn proposed and what became of each call, in the model's place. A flagged call may
 * only be answered with the user's acknowledgement, so a turn whose flagged call did not run is not answered
 * at all: it is replaced by this text turn (no function calls, so no signatures to keep), which keeps the
 * turns alternating and tells the model what it asked for.
 */
function stoppedTurnNote(calls: readonly TurnFunctionCall[], ran: number, declined: boolean): Content {
  const lines = calls.map((call, index) => {
    if (index < ran) return `${callText(call)}: done`;
    if (isFlagged(call) && declined) return `${callText(call)}: declined by the user, not run`;
    return `${callText(call)}: not run, the session was stopped first`;
  });
  return { role: 'model', parts: [{ text: `My last turn asked for these actions:\n${lines.join('\n')}` }] };
}

/**
 * The conversation continued with the user's reply after a stopped run. `answered` are the responses the run
 * had already made for the last model turn's calls (in call order); `declined` says the run stopped because
 * the user declined a flagged call.
 * - No call left open: the reply (text and a fresh screenshot) joins the last user turn or follows the model's.
 * - Calls left open, none flagged: the answered responses, "not executed" for the rest, then the reply.
 * - A flagged call left open: that model turn becomes a short note of what it asked for (never an
 *   unacknowledged response to a flagged call), and the reply follows it as a new user turn.
 */
export function replyContents(contents: readonly Content[], answered: readonly Part[], text: string, screenshot: Screenshot, declined = false): Content[] {
  const reply: Part[] = [{ text }, imagePart(screenshot)];
  const open = unansweredCalls(contents);
  if (open.length === 0) return withUserParts(contents, reply);
  if (open.slice(answered.length).some(isFlagged))
    return [...contents.slice(0, -1), stoppedTurnNote(open, answered.length, declined), { role: 'user', parts: reply }];
  const skipped = open
    .slice(answered.length)
    .map((call) => functionResponsePart(call, { screenshot, error: 'Not executed: the session was stopped before this action ran.' }));
  return withUserParts(contents, [...answered, ...skipped, ...reply]);
}

/** A model request the route could not answer with a turn; the conversation is unchanged, so it can be retried. */
export class TurnRequestError extends Error {
  override name = 'TurnRequestError';
  constructor(
    readonly status: number,
    message: string,
    /** For a rate limit: when the API says to try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const errorBodySchema = z.object({ error: z.string(), retryAfterSeconds: z.number().int().positive().optional() });

/** POST /api/computer-use with the pruned conversation; a non-2xx answer throws with the server's sentence. */
/** `extraHeaders` is read per turn: the user's own Gemini key from Settings, when they have one. */
export function createFetchTurn(
  endpoint = COMPUTER_USE_ENDPOINT,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  extraHeaders: () => Record<string, string> = () => providerKeyHeaders('gemini'),
): FetchTurn {
  return async (body: TurnRequest, signal: AbortSignal) => {
    const res = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { ...extraHeaders(), 'content-type': 'application/json' },
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
      const body = errorBodySchema.safeParse(parsed);
      if (body.success) throw new TurnRequestError(res.status, body.data.error, body.data.retryAfterSeconds);
      throw new TurnRequestError(res.status, `${res.status} ${res.statusText} ${text.slice(0, 200)}`.trim());
    }
    if (!parsed || typeof parsed !== 'object' || !('candidateContent' in parsed))
      throw new TurnRequestError(res.status, 'The computer-use route answered without a model turn.');
    return parsed as TurnResponse;
  };
}
