/**
 * Computer-use replay (TABSMITH_MODEL_PROVIDER=replay) and recording (TABSMITH_COMPUTER_USE_RECORD_DIR), the
 * same mechanism as the agent's replay model: one JSON file per conversation, `{ match, turns }`, where `match`
 * is a substring of the first user text (case-insensitive, longest wins) and `turns[i]` is the response JSON of
 * the i-th model turn (i = model turns already in `contents`). Stateless across requests.
 *
 * A recorded turn needs only `candidateContent` (plus `finishReason` / `usage` if wanted): calls, text and
 * thoughts are re-derived from it, so a hand-written fixture cannot disagree with itself. A recording may name
 * the `model` it was made with; its turns then report that model (whose action set they speak) instead of the
 * configured one.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Content } from '@google/genai';
import { z } from 'zod';
import { asContents, contentSchema, summarizeContent, type TurnResponse } from '../session-protocol';
import { errorMessage } from '../../error-message';
import { recordingFileName } from '@/lib/agent/server/replay/format';

const usageSchema = z.object({
  promptTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  thoughtsTokens: z.number().optional(),
  totalTokens: z.number().optional(),
});

const recordedTurnSchema = z.looseObject({
  candidateContent: contentSchema.refine((content) => content.role === 'model', 'candidateContent.role must be "model"'),
  finishReason: z.string().nullable().optional(),
  usage: usageSchema.optional(),
});

export const computerUseRecordingSchema = z.object({
  name: z.string().min(1).optional(),
  model: z.string().min(1).max(200).optional(),
  match: z.string().min(1),
  turns: z.array(recordedTurnSchema),
});
type ComputerUseRecording = z.infer<typeof computerUseRecordingSchema>;
type RecordedTurn = z.infer<typeof recordedTurnSchema>;

/** Reads every *.json recording directly in `dir` (sub-folders are ignored); a malformed file is an error naming it. */
export async function loadRecordings(dir: string): Promise<ComputerUseRecording[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (name) => {
      let raw: unknown;
      try {
        raw = JSON.parse(await readFile(join(dir, name), 'utf8'));
      } catch (error) {
        throw new Error(`Computer-use replay ${name} is not valid JSON: ${errorMessage(error)}`);
      }
      const parsed = computerUseRecordingSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`Computer-use replay ${name} is malformed: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}`);
      }
      return parsed.data;
    }),
  );
}

function findRecording(recordings: readonly ComputerUseRecording[], userText: string): ComputerUseRecording | undefined {
  const text = userText.toLowerCase();
  return recordings.filter((r) => text.includes(r.match.toLowerCase())).sort((a, b) => b.match.length - a.match.length)[0];
}

/** A model turn that only says something: no recording matches, or the recording has no more turns. */
function textTurn(model: string, text: string): TurnResponse {
  return { model, candidateContent: { role: 'model', parts: [{ text }] }, functionCalls: [], text, thoughts: '', finishReason: 'STOP', usage: {} };
}

function turnFromRecording(model: string, turn: RecordedTurn): TurnResponse {
  const candidateContent = asContents([turn.candidateContent])[0] as Content;
  return { model, candidateContent, ...summarizeContent(candidateContent), finishReason: turn.finishReason ?? 'STOP', usage: turn.usage ?? {} };
}

/** The turn to play for this conversation (or a text turn that says why there is none). */
export function selectReplayTurn(recordings: readonly ComputerUseRecording[], userText: string, turnIndex: number, model: string): TurnResponse {
  const recording = findRecording(recordings, userText);
  if (!recording) {
    const known = recordings.map((r) => `"${r.match}"`).join(', ') || 'none';
    return textTurn(model, `No recorded computer-use session matches "${userText.slice(0, 120)}". Recorded prompts: ${known}.`);
  }
  const recorded = recording.model ?? model;
  const turn = recording.turns[turnIndex];
  if (!turn)
    return textTurn(
      recorded,
      `The recorded computer-use session "${recording.name ?? recording.match}" has no turn ${turnIndex + 1} (it has ${recording.turns.length}).`,
    );
  return turnFromRecording(recorded, turn);
}

// Writes within one process are serialized so two quick turns cannot overwrite each other.
let queue: Promise<void> = Promise.resolve();

/**
 * Stores `turn` as turn `turnIndex` of the recording named after the first user text (a retried turn replaces
 * the earlier answer). Never throws: a failed write is logged.
 */
export function recordTurn(dir: string, userText: string, turnIndex: number, turn: TurnResponse): Promise<void> {
  const task = async () => {
    await mkdir(dir, { recursive: true });
    const file = join(dir, recordingFileName(userText));
    let recording: ComputerUseRecording = {
      name: recordingFileName(userText).replace(/\.json$/, ''),
      model: turn.model,
      match: userText.slice(0, 200) || 'session',
      turns: [],
    };
    try {
      recording = computerUseRecordingSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    } catch {
      // first turn of this conversation (or an unreadable file, which is replaced)
    }
    const stored = JSON.parse(JSON.stringify(turn)) as RecordedTurn;
    recording.turns = [...recording.turns.slice(0, turnIndex), stored];
    await writeFile(file, `${JSON.stringify(recording, null, 2)}\n`);
  };
  queue = queue.then(task).catch((error: unknown) => console.error('[tabsmith] computer-use recording failed:', error));
  return queue;
}

/** Resolves once every recording write queued so far has finished (tests, shutdown). */
export const recordingsSettled = (): Promise<void> => queue;
