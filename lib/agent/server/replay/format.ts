/**
 * The recorded-session format shared by the replay model and the recorder: one JSON file per conversation,
 * `{ name, match, responses }`, where `match` is a substring of the conversation's first user message and
 * `responses[i]` is the i-th model response as LanguageModelV4 stream parts (one response per request).
 */
import { z } from 'zod';
import type { LanguageModelV4Prompt, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { compactedResponses } from '../../context/summary';

/** Stream parts are stored as written by the model; only `type` is checked here (the AI SDK checks the rest). */
const streamPartSchema = z.looseObject({ type: z.string().min(1) });

export const recordedSessionSchema = z.object({
  name: z.string().min(1),
  match: z.string().min(1),
  responses: z.array(z.array(streamPartSchema).min(1)),
  /**
   * By response index: text the prompt's tool results must hold before that response is played. A recorded
   * answer that reads tool results is then only given when the client really sent them back.
   */
  needs: z.record(z.string().regex(/^\d+$/), z.array(z.string().min(1))).optional(),
});
export type RecordedSession = z.infer<typeof recordedSessionSchema>;

/** JSON has no `undefined`; a recorded part is trusted to be the stream part it was when recorded. */
export const asStreamParts = (parts: RecordedSession['responses'][number]) => parts as unknown as LanguageModelV4StreamPart[];

/** The text of the first user message in a model prompt: what sessions are matched against. */
export function firstUserText(prompt: LanguageModelV4Prompt): string {
  const first = prompt.find((message) => message.role === 'user');
  if (!first || first.role !== 'user') return '';
  return first.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join(' ')
    .trim();
}

/**
 * How many model responses this conversation has already received: every answered request left one assistant
 * message in the prompt (convertToModelMessages splits a multi-step UI message at its step boundaries), so the
 * replay stays stateless across requests. A compacted conversation's summary message says how many responses
 * it replaced; those count too.
 */
export function answeredResponses(prompt: LanguageModelV4Prompt): number {
  const compacted = prompt.reduce(
    (sum, message) =>
      sum + (message.role === 'user' ? message.content.reduce((n, part) => n + (part.type === 'text' ? compactedResponses(part.text) : 0), 0) : 0),
    0,
  );
  return prompt.filter((message) => message.role === 'assistant').length + compacted;
}

/** What the prompt's tool results say, as one text (JSON of each result). */
export function toolResultText(prompt: LanguageModelV4Prompt): string {
  return prompt.map((message) => (message.role === 'tool' ? JSON.stringify(message.content) : '')).join('\n');
}

/** The system text of a prompt (where a summarise request names itself). */
export function systemText(prompt: LanguageModelV4Prompt): string {
  return prompt.map((message) => (message.role === 'system' ? message.content : '')).join('\n');
}

/** The session whose `match` the first user message contains (case-insensitive); the longest match wins. */
export function findSession(sessions: readonly RecordedSession[], userText: string): RecordedSession | undefined {
  const text = userText.toLowerCase();
  return sessions.filter((session) => text.includes(session.match.toLowerCase())).sort((a, b) => b.match.length - a.match.length)[0];
}

/** The file a recorded session is kept in: named after the conversation's first user message. */
export function recordingFileName(userText: string): string {
  const slug = userText
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'session'}.json`;
}
