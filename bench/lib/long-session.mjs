// A long agent session, generated: TURNS user messages, each answered by STEPS_PER_TURN model steps (all
// but the last explain themselves in ~1,500 tokens of text and write a file of about TOTAL_BYTES / writes
// bytes with fs_writeFile; the last says it is done).
// One source for the bench (request size per step), the unit tests and the e2e replay session.

export const LONG_SESSION = { match: 'long context session', turns: 4, stepsPerTurn: 10, totalBytes: 10 * 1024 * 1024 };

/**
 * What one fs_writeFile call carries at most (the tool's limit, WRITE_MAX_CHARS in lib/agent/tool-schemas.ts):
 * each file is written as the model must write a large one, in parts appended by further calls of the same step.
 */
export const WRITE_PART_CHARS = 40_000;

/** A file's content in the parts its fs_writeFile calls carry: the first writes, the others append. */
export function writeParts(content) {
  const parts = [];
  for (let at = 0; at < content.length; at += WRITE_PART_CHARS)
    parts.push({ content: content.slice(at, at + WRITE_PART_CHARS), append: at > 0, bytesAfter: Math.min(at + WRITE_PART_CHARS, content.length) });
  return parts;
}

/** The prompt of turn `turn` (0-based): the first one names the session. */
export function turnPrompt(turn) {
  return turn === 0 ? `${LONG_SESSION.match}: write the generated files, batch 1` : `next batch ${turn + 1}`;
}

function fileContent(index, bytes) {
  const lines = [];
  let size = 0;
  for (let n = 0; size < bytes; n++) {
    const line = `// file ${index} line ${n}: ${'generated text for a long session '.repeat(2)}${(index * 7919 + n) % 100003}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`.slice(0, bytes);
}

const generated = new WeakMap();

/** Every step in order: `{ turn, kind: 'write', path, content } | { turn, kind: 'text', text }`. */
export function sessionSteps(options = LONG_SESSION) {
  if (!generated.has(options)) generated.set(options, generateSteps(options));
  return generated.get(options);
}

function generateSteps(options) {
  const writes = options.turns * (options.stepsPerTurn - 1);
  const perFile = Math.ceil(options.totalBytes / writes);
  const steps = [];
  let file = 0;
  for (let turn = 0; turn < options.turns; turn++) {
    for (let step = 0; step < options.stepsPerTurn - 1; step++, file++) {
      const path = `gen/batch${turn + 1}/file${file}.txt`;
      const note = `Writing ${path}. ${'The generated module keeps its lines short so that later diffs stay readable. '.repeat(75)}`;
      steps.push({ turn, kind: 'write', path, note, content: fileContent(file, perFile) });
    }
    steps.push({ turn, kind: 'text', text: `Batch ${turn + 1} written: ${options.stepsPerTurn - 1} files.` });
  }
  return steps;
}

const usage = (index) => ({ inputTokens: { total: 1200 + index * 10, noCache: 1200 + index * 10 }, outputTokens: { total: 40, text: 40 } });

/** The replay model's recording of the session (one response per step). */
export function replaySession(options = LONG_SESSION) {
  const responses = sessionSteps(options).map((step, i) =>
    step.kind === 'write'
      ? [
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: `long_note_${i}` },
          { type: 'text-delta', id: `long_note_${i}`, delta: step.note },
          { type: 'text-end', id: `long_note_${i}` },
          ...writeParts(step.content).map((part, p) => ({
            type: 'tool-call',
            toolCallId: `call_long_${i}_${p}`,
            toolName: 'fs_writeFile',
            input: JSON.stringify({ path: step.path, content: part.content, ...(part.append ? { append: true } : {}) }),
          })),
          { type: 'finish', finishReason: { unified: 'tool-calls' }, usage: usage(i) },
        ]
      : [
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: `long_text_${i}` },
          { type: 'text-delta', id: `long_text_${i}`, delta: step.text },
          { type: 'text-end', id: `long_text_${i}` },
          { type: 'finish', finishReason: { unified: 'stop' }, usage: usage(i) },
        ],
  );
  return { name: 'long-context', match: options.match, responses };
}

/** The UI messages the chat holds when it sends request `index` (0-based): every earlier step answered. */
export function historyBefore(index, options = LONG_SESSION) {
  const steps = sessionSteps(options);
  const current = steps[index];
  const messages = [];
  for (let turn = 0; turn <= current.turn; turn++) {
    messages.push({ id: `user-${turn}`, role: 'user', parts: [{ type: 'text', text: turnPrompt(turn) }], metadata: { mode: 'deep' } });
    const parts = [];
    steps.forEach((step, i) => {
      if (step.turn !== turn || i >= index) return;
      parts.push({ type: 'step-start' });
      if (step.kind === 'text') parts.push({ type: 'text', text: step.text, state: 'done' });
      else {
        parts.push({ type: 'text', text: step.note, state: 'done' });
        writeParts(step.content).forEach((part, p) =>
          parts.push({
            type: 'tool-fs_writeFile',
            toolCallId: `call_long_${i}_${p}`,
            state: 'output-available',
            input: { path: step.path, content: part.content, ...(part.append ? { append: true } : {}) },
            output: { ok: true, path: step.path, bytes: part.bytesAfter, created: !part.append, ...(part.append ? { appended: true } : {}) },
          }),
        );
      }
    });
    if (parts.length > 0) messages.push({ id: `agent-${turn}`, role: 'assistant', parts, metadata: { mode: 'deep' } });
  }
  return messages;
}
