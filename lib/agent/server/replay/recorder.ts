/**
 * Recording (TABSMITH_RECORD_DIR): wraps a live model and appends each response's stream parts to a session
 * file named after the conversation's first user message, in the format the replay model plays. Recording
 * never changes what the client receives; a failed write is logged, not thrown.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { firstUserText, recordedSessionSchema, recordingFileName, type RecordedSession } from './format';

/** JSON-safe copy of a part: errors become their message, raw provider chunks are dropped by the caller. */
function toRecord(part: LanguageModelV4StreamPart): Record<string, unknown> & { type: string } {
  if (part.type === 'error') return { type: 'error', error: part.error instanceof Error ? part.error.message : String(part.error) };
  return JSON.parse(JSON.stringify(part)) as Record<string, unknown> & { type: string };
}

// Appends within one process are serialized so two quick responses cannot overwrite each other's write.
let queue: Promise<void> = Promise.resolve();

function appendRecording(dir: string, userText: string, parts: LanguageModelV4StreamPart[]): Promise<void> {
  const task = async () => {
    await mkdir(dir, { recursive: true });
    const file = join(dir, recordingFileName(userText));
    let session: RecordedSession = { name: recordingFileName(userText).replace(/\.json$/, ''), match: userText.slice(0, 200) || 'session', responses: [] };
    try {
      session = recordedSessionSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    } catch {
      // first response of this conversation (or an unreadable file, which is replaced)
    }
    session.responses.push(parts.filter((part) => part.type !== 'raw').map(toRecord));
    await writeFile(file, `${JSON.stringify(session, null, 2)}\n`);
  };
  queue = queue.then(task).catch((error: unknown) => console.error('[tabsmith] recording failed:', error));
  return queue;
}

export function withRecording(model: LanguageModelV4, dir: string): LanguageModelV4 {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v4',
      wrapStream: async ({ doStream, params }) => {
        const result = await doStream();
        const userText = firstUserText(params.prompt);
        const parts: LanguageModelV4StreamPart[] = [];
        const tap = new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
          transform(part, controller) {
            parts.push(part);
            controller.enqueue(part);
          },
          flush() {
            void appendRecording(dir, userText, parts);
          },
        });
        return { ...result, stream: result.stream.pipeThrough(tap) };
      },
    },
  });
}
