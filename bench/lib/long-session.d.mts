// Types for long-session.mjs, so TypeScript tests can import it.
export interface SessionStep {
  turn: number;
  kind: 'write' | 'text';
  path?: string;
  note?: string;
  content?: string;
  text?: string;
}
export interface SessionOptions {
  match: string;
  turns: number;
  stepsPerTurn: number;
  totalBytes: number;
}
export const LONG_SESSION: SessionOptions;
export const WRITE_PART_CHARS: number;
export function writeParts(content: string): { content: string; append: boolean; bytesAfter: number }[];
export function turnPrompt(turn: number): string;
export function sessionSteps(options?: SessionOptions): SessionStep[];
export function replaySession(options?: SessionOptions): { name: string; match: string; responses: unknown[][] };
export function historyBefore(
  index: number,
  options?: SessionOptions,
): { id: string; role: 'user' | 'assistant'; parts: ({ type: string } & Record<string, unknown>)[]; metadata?: unknown }[];
