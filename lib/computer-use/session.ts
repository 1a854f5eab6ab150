/**
 * Computer-use sessions, in the browser: start, status, log, last screenshot, reply, end, plus
 * confirmation of flagged actions. One session drives the `Computer` at a time.
 *
 * The loop: the first user turn holds the instructions, the screen size and the first screenshot; each model
 * turn's function calls are mapped to `Action`s (`toActions`, the original or the newer Gemini set depending on
 * the model id), executed one after the other, and answered in ONE user turn with a function response per call
 * (url, screenshot, the safety acknowledgement or an error). It stops on a turn without calls (its text is the
 * answer; an empty one is an error), after `maxTurns` model turns, on an error, or on `end`. A call flagged
 * `require_confirmation` waits for `confirm(id, approved)`: approved → executed and acknowledged; declined → not
 * executed, and the session stops there, as Google's reference agent (github.com/google/computer-use-preview)
 * does: the API accepts a response to a flagged call only with the acknowledgement, so none is sent. A reply
 * then continues in a new turn (`replyContents`). A model request that failed (a rate limit, a dropped
 * connection) can be retried.
 */
import type { Content, Part } from '@google/genai';
import { describeAction, isMappingError, toActions } from './actions';
import { acceptsJpegScreenshots, actionSourceForModel, readSafetyDecision, type TurnFunctionCall, type TurnResponse } from './session-protocol';
import {
  SessionError,
  type ActionEntry,
  type FetchTurn,
  type LastScreenshot,
  type LogEntry,
  type LogOptions,
  type ModelEntry,
  type SessionInfo,
  type SessionListener,
  type SessionManager,
  type SessionManagerOptions,
  type SessionStatus,
  type UserEntry,
} from './session-types';
import { createFetchTurn, firstUserTurn, functionResponsePart, replyContents, TurnRequestError, withUserParts, type CallOutcome } from './session-turns';
import type { Screenshot, ScreenshotOptions } from './types';
import { errorMessage } from '../error-message';
import { Listeners } from '../runtime/listeners';

export * from './session-types';
export { createFetchTurn } from './session-turns';

const DEFAULT_MAX_TURNS = 20;
/** The step log's error for a declined call (it is not sent to the model). */
export const DECLINED_STEP = 'Declined by the user: not executed.';

interface SessionState {
  info: SessionInfo;
  contents: Content[];
  log: LogEntry[];
  last?: LastScreenshot;
  /** Function responses of the model turn in progress (appended to `contents` when the turn is done). */
  turnParts: Part[];
  /** Bumped by every run and by `end`: a loop whose run id is stale stops at its next check. */
  run: number;
  abort?: AbortController;
  decide?: (answer: boolean | 'ended') => void;
}

const STOPPED: readonly SessionStatus[] = ['completed', 'error'];

let counter = 0;
const newId = () => `cu-${Date.now().toString(36)}-${(++counter).toString(36)}`;

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { computer } = options;
  const fetchTurn: FetchTurn = options.fetchTurn ?? createFetchTurn();
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const now = options.now ?? Date.now;
  const sessions = new Map<string, SessionState>();
  const listeners = new Listeners<[SessionInfo]>();

  const snapshot = (state: SessionState): SessionInfo => ({
    ...state.info,
    ...(state.info.confirmation ? { confirmation: { ...state.info.confirmation } } : {}),
  });
  const emit = (state: SessionState) => listeners.emit(snapshot(state));
  const get = (id: string): SessionState => {
    const state = sessions.get(id);
    if (!state) throw new SessionError(`No computer-use session "${id}".`);
    return state;
  };
  const busy = (except?: SessionState) => [...sessions.values()].find((s) => s !== except && !STOPPED.includes(s.info.status));
  const addLog = <T extends LogEntry>(state: SessionState, entry: Omit<T, 'index'>): T => {
    const full = { ...entry, index: state.log.length } as T;
    state.log.push(full);
    emit(state);
    return full;
  };
  const stop = (state: SessionState, patch: Partial<SessionInfo> & { status: SessionStatus }) => {
    state.run++;
    state.abort?.abort();
    state.decide?.('ended');
    state.decide = undefined;
    // A step still going (a wait, an action, a pending confirmation) never finishes now: the log says so.
    const at = now();
    for (const entry of state.log) {
      if (entry.kind !== 'action' || entry.url !== undefined || entry.error !== undefined) continue;
      entry.stopped = true;
      entry.durationMs = at - entry.startedAt;
    }
    const { confirmation: _confirmation, ...info } = state.info;
    state.info = { ...info, ...patch, endedAt: now() };
    emit(state);
  };
  /** JPEG only for a model known to take it (the first screenshot goes before any model has answered). */
  const shotOptions = (state: SessionState): Pick<ScreenshotOptions, 'allowJpeg'> => ({ allowJpeg: acceptsJpegScreenshots(state.info.model ?? options.model) });
  const currentScreenshot = async (state: SessionState): Promise<Screenshot> => state.last?.screenshot ?? computer.screenshot(shotOptions(state));

  /** Runs one function call; undefined when the session was ended meanwhile. */
  async function handleCall(state: SessionState, call: TurnFunctionCall, turn: number, alive: () => boolean): Promise<Part | undefined> {
    const { safety_decision: _decision, ...args } = call.args;
    const safety = call.safetyDecision ?? readSafetyDecision(call.args);
    const entry = addLog<ActionEntry>(state, {
      kind: 'action',
      startedAt: now(),
      durationMs: 0,
      turn,
      name: call.name,
      args: call.args,
      actions: [],
      description: call.name,
    });
    const done = (outcome: CallOutcome): Part => {
      entry.durationMs = now() - entry.startedAt;
      entry.screenshot = outcome.screenshot;
      entry.url = outcome.screenshot.url;
      if (outcome.error) entry.error = outcome.error;
      emit(state);
      return functionResponsePart(call, outcome);
    };

    const source = state.info.actionSource ?? actionSourceForModel(state.info.model ?? options.model ?? '');
    // Pixel sets count in the screenshot the model saw, which may be scaled down from the viewport.
    const seen = source === 'generic' || source === 'claude' ? await currentScreenshot(state) : undefined;
    const mapped = toActions(
      source,
      call.name,
      args,
      await computer.displaySize(),
      seen ? { screen: { width: seen.width, height: seen.height }, ...(state.last?.at ? { pointer: state.last.at } : {}) } : {},
    );
    if (!alive()) return undefined;
    if (isMappingError(mapped)) return done({ screenshot: await currentScreenshot(state), error: mapped.message });
    entry.actions = mapped;
    entry.description = mapped.map(describeAction).join('; ') || call.name;
    // Shown while the step runs (a wait of seconds reads "wait 5 s", not just "wait").
    emit(state);

    let acknowledged = false;
    if (safety?.decision === 'require_confirmation') {
      entry.safety = { ...safety };
      state.info = {
        ...state.info,
        status: 'awaiting-confirmation',
        confirmation: { step: entry.index, name: call.name, args: call.args, actions: mapped, explanation: safety.explanation },
      };
      emit(state);
      const answer = await new Promise<boolean | 'ended'>((resolve) => (state.decide = resolve));
      state.decide = undefined;
      if (answer === 'ended' || !alive()) return undefined;
      entry.safety = { ...safety, approved: answer };
      entry.startedAt = now();
      if (!answer) {
        entry.error = DECLINED_STEP;
        stop(state, { status: 'completed', declined: entry.description, note: `you declined ${entry.description}` });
        return undefined;
      }
      acknowledged = true;
    }

    let outcome: CallOutcome | undefined;
    for (const action of mapped) {
      try {
        const result = await computer.execute(action, shotOptions(state));
        if (!alive()) return undefined;
        outcome = { screenshot: result.screenshot, acknowledged };
        entry.note = result.note;
        entry.at = result.at;
        state.last = { screenshot: result.screenshot, ...(result.at ? { at: result.at } : {}) };
      } catch (error) {
        if (!alive()) return undefined;
        const screenshot = await computer.screenshot(shotOptions(state));
        state.last = { screenshot };
        outcome = { screenshot, acknowledged, error: `The action failed: ${errorMessage(error)}` };
        break;
      }
    }
    state.info = { ...state.info, steps: state.info.steps + 1 };
    return done(outcome ?? { screenshot: await currentScreenshot(state), acknowledged });
  }

  /** One model turn, recorded in the conversation and the log; undefined when the session was ended meanwhile. */
  async function takeTurn(state: SessionState, signal: AbortSignal, alive: () => boolean): Promise<TurnResponse | undefined> {
    const startedAt = now();
    const response = await fetchTurn({ ...(options.model ? { model: options.model } : {}), contents: [...state.contents] }, signal);
    if (!alive()) return undefined;
    const turn = state.info.turns + 1;
    state.info = { ...state.info, turns: turn, model: response.model || options.model, actionSource: response.actionSource };
    // An empty model turn is never stored: the API (and the route's schema) reject `parts: []` in history.
    if ((response.candidateContent.parts ?? []).length > 0) state.contents = [...state.contents, response.candidateContent];
    addLog<ModelEntry>(state, {
      kind: 'model',
      startedAt,
      durationMs: now() - startedAt,
      turn,
      model: response.model,
      text: response.text,
      thoughts: response.thoughts,
      functionCalls: response.functionCalls.length,
      finishReason: response.finishReason,
      usage: response.usage,
    });
    return response;
  }

  async function run(state: SessionState, prepare: () => Promise<void>): Promise<void> {
    const runId = ++state.run;
    const controller = new AbortController();
    state.abort = controller;
    const alive = () => state.run === runId && !controller.signal.aborted;
    try {
      await prepare();
      for (let runTurns = 0; ; runTurns++) {
        if (!alive()) return;
        if (runTurns >= maxTurns) return stop(state, { status: 'completed', note: `stopped after ${maxTurns} turns` });
        const response = await takeTurn(state, controller.signal, alive);
        if (!response || !alive()) return;
        if (response.functionCalls.length === 0) {
          if (response.text.trim() === '')
            return stop(state, {
              status: 'error',
              error: `The model finished without an answer (finish reason ${response.finishReason ?? 'none'}). Reply to ask again.`,
            });
          return stop(state, { status: 'completed', answer: response.text });
        }
        state.turnParts = [];
        for (const call of response.functionCalls) {
          const part = await handleCall(state, call, state.info.turns, alive);
          if (!part) return;
          state.turnParts.push(part);
        }
        state.contents = withUserParts(state.contents, state.turnParts);
        state.turnParts = [];
      }
    } catch (error) {
      if (!alive()) return;
      // A failed model request leaves the conversation as it was: Retry sends it again.
      const request =
        error instanceof TurnRequestError
          ? { retryable: true, ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}) }
          : {};
      stop(state, { status: 'error', error: errorMessage(error), ...request });
    }
  }

  /** Clears what a stopped run left in the info (answer, note, error, decline) and marks it running again. */
  const resume = (state: SessionState) => {
    const { endedAt: _e, answer: _a, note: _n, error: _r, declined: _d, retryable: _t, retryAfterSeconds: _s, ...info } = state.info;
    state.info = { ...info, status: 'running' };
    emit(state);
  };

  const userEntry = (state: SessionState, text: string, screenshot: Screenshot, startedAt: number) =>
    addLog<UserEntry>(state, { kind: 'user', startedAt, durationMs: now() - startedAt, text, screenshot });

  return {
    start(instructions, startPath) {
      if (!instructions.trim()) throw new SessionError('Instructions are empty.');
      const other = busy();
      if (other) throw new SessionError(`Session ${other.info.id} is still ${other.info.status}; end it first.`);
      const id = newId();
      const state: SessionState = {
        info: { id, instructions, status: 'running', startedAt: now(), turns: 0, steps: 0, ...(options.model ? { model: options.model } : {}) },
        contents: [],
        log: [],
        turnParts: [],
        run: 0,
      };
      sessions.set(id, state);
      emit(state);
      void run(state, async () => {
        const startedAt = now();
        const screenshot = startPath ? (await computer.execute({ type: 'navigate', url: startPath })).screenshot : await computer.screenshot();
        state.last = { screenshot };
        const first = firstUserTurn(instructions, screenshot);
        state.contents = [first];
        userEntry(state, first.parts?.[0]?.text ?? instructions, screenshot, startedAt);
      });
      return snapshot(state);
    },

    status: (id) => snapshot(get(id)),

    waitFor(id, statuses = STOPPED, timeoutMs) {
      const state = get(id);
      if (statuses.includes(state.info.status)) return Promise.resolve(snapshot(state));
      return new Promise((resolve, reject) => {
        const timer =
          timeoutMs === undefined
            ? undefined
            : setTimeout(() => (unsubscribe(), reject(new SessionError(`Session ${id} is still ${state.info.status} after ${timeoutMs} ms.`))), timeoutMs);
        const listener: SessionListener = (info) => {
          if (info.id !== id || !statuses.includes(info.status)) return;
          unsubscribe();
          if (timer) clearTimeout(timer);
          resolve(info);
        };
        const unsubscribe = listeners.add(listener);
      });
    },

    log(id, { images = true }: LogOptions = {}) {
      return get(id).log.map((entry) => {
        if (images || !('screenshot' in entry)) return { ...entry };
        const { screenshot: _screenshot, ...rest } = entry;
        return rest;
      });
    },

    lastScreenshot: (id) => {
      const last = get(id).last;
      return last ? { ...last } : undefined;
    },

    reply(id, text) {
      const state = get(id);
      if (!text.trim()) throw new SessionError('The reply is empty.');
      if (!STOPPED.includes(state.info.status)) throw new SessionError(`Session ${id} is ${state.info.status}; reply once it has stopped.`);
      const other = busy(state);
      if (other) throw new SessionError(`Session ${other.info.id} is still ${other.info.status}; end it first.`);
      const declined = state.info.declined !== undefined;
      resume(state);
      void run(state, async () => {
        const startedAt = now();
        const screenshot = await computer.screenshot(shotOptions(state));
        state.last = { screenshot };
        state.contents = replyContents(state.contents, state.turnParts, text, screenshot, declined);
        state.turnParts = [];
        userEntry(state, text, screenshot, startedAt);
      });
      return snapshot(state);
    },

    retry(id) {
      const state = get(id);
      if (state.info.status !== 'error' || !state.info.retryable || state.contents.at(-1)?.role !== 'user')
        throw new SessionError(`Session ${id} has no failed model request to retry.`);
      const other = busy(state);
      if (other) throw new SessionError(`Session ${other.info.id} is still ${other.info.status}; end it first.`);
      resume(state);
      void run(state, async () => undefined);
      return snapshot(state);
    },

    confirm(id, approved) {
      const state = get(id);
      if (state.info.status !== 'awaiting-confirmation' || !state.decide) throw new SessionError(`Session ${id} is not waiting for a confirmation.`);
      const decide = state.decide;
      const { confirmation: _confirmation, ...info } = state.info;
      state.info = { ...info, status: 'running' };
      emit(state);
      decide(approved);
      return snapshot(state);
    },

    end(id) {
      const state = get(id);
      if (!STOPPED.includes(state.info.status)) stop(state, { status: 'completed', note: 'ended by the user' });
      return snapshot(state);
    },

    list: () => [...sessions.values()].map(snapshot),

    subscribe: (listener) => listeners.add(listener),
  };
}
