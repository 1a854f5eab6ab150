/**
 * What a computer-use session exposes: its status and timings, the step log the panel renders, the
 * options of the manager. Framework-free; runs in the browser.
 */
import type { Action, Computer, Screenshot } from './types';
import type { SafetyDecision, TurnRequest, TurnResponse, TurnUsage } from './session-protocol';

export type SessionStatus = 'running' | 'awaiting-confirmation' | 'completed' | 'error';

/** A flagged call waiting for the user's decision (`confirm(id, approved)`). */
export interface PendingConfirmation {
  /** Index of the action entry in the log that waits. */
  step: number;
  name: string;
  args: Record<string, unknown>;
  /** What would run if approved (already mapped to the viewport). */
  actions: Action[];
  explanation: string;
}

export interface SessionInfo {
  id: string;
  instructions: string;
  status: SessionStatus;
  /** Epoch ms. */
  startedAt: number;
  /** Set once the session stops (completed / error); cleared again by `reply`. */
  endedAt?: number;
  /** Model turns so far (all runs). */
  turns: number;
  /** Actions executed so far (function calls that ran, all runs). */
  steps: number;
  /** The model id that answered last (decides the action set). */
  model?: string;
  /** The action set of a model that acts through function tools (generic or Claude-style), as it answered last. */
  actionSource?: 'generic' | 'claude';
  /** The model's final text, when it finished with one. */
  answer?: string;
  /** Why it stopped, when not with an answer: "stopped after 20 turns", "ended by the user". */
  note?: string;
  error?: string;
  /** The run stopped because the user declined this flagged action (its description); a reply continues. */
  declined?: string;
  /** The error was a failed model request: `retry(id)` sends it again. */
  retryable?: boolean;
  /** For a rate limit: when the model API says to try again. */
  retryAfterSeconds?: number;
  confirmation?: PendingConfirmation;
}

interface EntryBase {
  /** Position in the log. */
  index: number;
  /** Epoch ms when the entry began. */
  startedAt: number;
  /** How long it took (model call, action execution). */
  durationMs: number;
}

/** The instructions or a reply, with the screenshot sent along. */
export interface UserEntry extends EntryBase {
  kind: 'user';
  text: string;
  screenshot?: Screenshot;
}

/** One model turn: what it said and thought. */
export interface ModelEntry extends EntryBase {
  kind: 'model';
  turn: number;
  model: string;
  text: string;
  thoughts: string;
  functionCalls: number;
  finishReason: string | null;
  usage: TurnUsage;
}

/** One function call of the model and what it did. */
export interface ActionEntry extends EntryBase {
  kind: 'action';
  turn: number;
  name: string;
  /** As the model sent them. */
  args: Record<string, unknown>;
  /** The normalized actions it mapped to (empty when mapping failed or the user declined). */
  actions: Action[];
  /** Readable summary of the actions ("click at (500, 60)"). */
  description: string;
  /** The bridge's note on the last action ("clicked <button> Add"). */
  note?: string;
  /** Where the last pointer action landed (CSS px), for the marker. */
  at?: { x: number; y: number };
  /** Mapping or execution error, also sent to the model. */
  error?: string;
  /** The session was stopped while this step ran or waited: it never finished. */
  stopped?: boolean;
  safety?: SafetyDecision & { approved?: boolean };
  /** The screenshot after the action (omitted by `log(id, { images: false })`). */
  screenshot?: Screenshot;
  url?: string;
}

export type LogEntry = UserEntry | ModelEntry | ActionEntry;

export interface LogOptions {
  /** Include screenshots (default true). */
  images?: boolean;
}

export interface LastScreenshot {
  screenshot: Screenshot;
  /** Where the last pointer action landed, when the screenshot followed one. */
  at?: { x: number; y: number };
}

export type FetchTurn = (body: TurnRequest, signal: AbortSignal) => Promise<TurnResponse>;

export interface SessionManagerOptions {
  computer: Computer;
  /** One model turn; defaults to POST /api/computer-use. */
  fetchTurn?: FetchTurn;
  /** Model turns per run (start or reply); default 20. */
  maxTurns?: number;
  /** A model id from the server's allow-list; the server's default when absent. */
  model?: string;
  now?: () => number;
}

export type SessionListener = (session: SessionInfo) => void;

export interface SessionManager {
  /** Starts a session (navigating to `startPath` first when given); the loop runs in the background. */
  start(instructions: string, startPath?: string): SessionInfo;
  status(id: string): SessionInfo;
  /** Resolves when the session is in one of `statuses` (default: completed or error). */
  waitFor(id: string, statuses?: readonly SessionStatus[], timeoutMs?: number): Promise<SessionInfo>;
  log(id: string, options?: LogOptions): LogEntry[];
  lastScreenshot(id: string): LastScreenshot | undefined;
  /** Continues a stopped session with the user's text (and a fresh screenshot). */
  reply(id: string, text: string): SessionInfo;
  /**
   * Answers a pending confirmation: approved → executed and acknowledged; declined → not executed, and the
   * session stops (`declined` set) until the user replies.
   */
  confirm(id: string, approved: boolean): SessionInfo;
  /** Sends the failed model request of a session in error again (when `retryable`). */
  retry(id: string): SessionInfo;
  /** Stops a session (status completed, note "ended by the user"); a no-op when it already stopped. */
  end(id: string): SessionInfo;
  list(): SessionInfo[];
  /** Called on every change of any session; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void;
}

export class SessionError extends Error {
  override name = 'SessionError';
}
