/**
 * A LanguageModelV4 that plays recorded sessions instead of calling a provider, so the e2e tests and demos
 * run the real route (streamText, UI message stream, client tool loop) without a network or a key.
 * Stateless: the session is chosen by the first user message, the response by how many assistant turns the
 * prompt already holds.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { replaySummary, SUMMARISE_HEADER } from '../../context/summary';
import {
  answeredResponses,
  asStreamParts,
  findSession,
  firstUserText,
  recordedSessionSchema,
  systemText,
  toolResultText,
  type RecordedSession,
} from './format';

const REPLAY_USAGE: LanguageModelV4Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

/** A response that only says something: used for "no session matches" and "no more responses". */
function textResponse(text: string, id = 'replay-text'): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id },
    { type: 'text-delta', id, delta: text },
    { type: 'text-end', id },
    { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage: REPLAY_USAGE },
  ];
}

/** Reads every *.json session in a folder; a malformed file is an error naming the file. */
export async function loadSessions(dir: string): Promise<RecordedSession[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (name) => {
      const parsed = recordedSessionSchema.safeParse(JSON.parse(await readFile(join(dir, name), 'utf8')));
      if (!parsed.success) throw new Error(`Replay session ${name} is malformed: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      return parsed.data;
    }),
  );
}

/** The parts to play for this prompt: the matching session's next response, or a text that says why not. */
export function selectResponse(sessions: readonly RecordedSession[], options: LanguageModelV4CallOptions): LanguageModelV4StreamPart[] {
  // A summarise request is not part of any recording: answered from its own transcript, deterministically.
  if (systemText(options.prompt).startsWith(SUMMARISE_HEADER)) return textResponse(replaySummary(firstUserText(options.prompt)), 'replay-summary');
  const userText = firstUserText(options.prompt);
  const session = findSession(sessions, userText);
  if (!session) {
    const known = sessions.map((s) => `"${s.match}"`).join(', ') || 'none';
    return textResponse(`No recorded session matches "${userText.slice(0, 120)}". Recorded prompts: ${known}.${describeFiles(options.prompt)}`);
  }
  const index = answeredResponses(options.prompt);
  const response = session.responses[index];
  if (!response) return textResponse(`The recorded session "${session.name}" has no response ${index + 1} (it has ${session.responses.length}).`);
  const results = toolResultText(options.prompt);
  const missing = (session.needs?.[String(index)] ?? []).filter((text) => !results.includes(text));
  if (missing.length > 0)
    return textResponse(
      `The recorded session "${session.name}" plays response ${index + 1} only after tool results that say ${missing.map((text) => JSON.stringify(text)).join(', ')}; this prompt's do not.`,
    );
  return asStreamParts(response);
}

/** What files (attached images) the model received, so a test can see them arrive without a recording. */
function describeFiles(prompt: LanguageModelV4CallOptions['prompt']): string {
  const files = prompt.flatMap((message) => (message.role === 'user' ? message.content.filter((part) => part.type === 'file') : []));
  if (files.length === 0) return '';
  const sizes = files.map((file) => {
    const { data } = file;
    const bytes = data.type === 'data' ? (typeof data.data === 'string' ? Math.floor((data.data.length * 3) / 4) : data.data.byteLength) : 0;
    return `${file.mediaType} ${file.filename ?? 'unnamed'} (~${bytes} bytes)`;
  });
  return ` The prompt holds ${files.length} file${files.length === 1 ? '' : 's'}: ${sizes.join(', ')}.`;
}

function toStream(parts: LanguageModelV4StreamPart[], delayMs: number, signal?: AbortSignal): ReadableStream<LanguageModelV4StreamPart> {
  let index = 0;
  return new ReadableStream({
    async pull(controller) {
      if (signal?.aborted) return controller.error(signal.reason);
      if (delayMs > 0 && index > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const part = parts[index++];
      if (part) controller.enqueue(part);
      else controller.close();
    },
  });
}

/** Folds a recorded stream into a generate result (for generateText, e.g. the planner). */
function collect(parts: LanguageModelV4StreamPart[]): LanguageModelV4GenerateResult {
  const content: LanguageModelV4Content[] = [];
  const texts = new Map<string, string>();
  let finishReason: LanguageModelV4FinishReason = { unified: 'stop', raw: undefined };
  let usage = REPLAY_USAGE;
  for (const part of parts) {
    if (part.type === 'text-delta') texts.set(part.id, (texts.get(part.id) ?? '') + part.delta);
    else if (part.type === 'text-end') content.push({ type: 'text', text: texts.get(part.id) ?? '' });
    else if (part.type === 'tool-call') content.push(part);
    else if (part.type === 'finish') ({ finishReason, usage } = part);
  }
  return { content, finishReason, usage, warnings: [] };
}

interface ReplayModelOptions {
  /** Folder of session files, read on every request so edits show up without a restart. */
  dir?: string;
  /** Or sessions given directly (tests). */
  sessions?: RecordedSession[];
  /** Pause between parts so the UI visibly streams. */
  chunkDelayMs?: number;
}

export function createReplayModel(options: ReplayModelOptions): LanguageModelV4 {
  const sessions = async () => options.sessions ?? (options.dir ? loadSessions(options.dir) : []);
  return {
    specificationVersion: 'v4',
    provider: 'replay',
    modelId: 'replay',
    supportedUrls: {},
    async doStream(callOptions): Promise<LanguageModelV4StreamResult> {
      const parts = selectResponse(await sessions(), callOptions);
      return { stream: toStream(parts, options.chunkDelayMs ?? 0, callOptions.abortSignal) };
    },
    async doGenerate(callOptions): Promise<LanguageModelV4GenerateResult> {
      return collect(selectResponse(await sessions(), callOptions));
    },
  };
}
