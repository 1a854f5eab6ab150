import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FinishReason, GenerateContentResponse, type Content } from '@google/genai';
import { afterEach, describe, expect, it } from 'vitest';
import { handleComputerUse, type ComputerUseDeps } from '@/lib/computer-use/server/handler';
import { DEFAULT_COMPUTER_USE_MODEL, DEFAULT_COMPUTER_USE_REPLAY_DIR } from '@/lib/computer-use/server/config';
import { recordingFileName } from '@/lib/agent/server/replay/format';
import { computerUseRecordingSchema, recordingsSettled } from '@/lib/computer-use/server/replay';
import { actionSourceForModel, type TurnResponse } from '@/lib/computer-use/session-protocol';

const REPLAY = { TABSMITH_MODEL_PROVIDER: 'replay' };
const TODO = "add a todo called 'buy milk', mark it done, scroll down and open the next page";

const user = (text: string): Content => ({ role: 'user', parts: [{ text }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] });
const answered = (n: number): Content[] =>
  Array.from({ length: n }, (_, i) => [
    { role: 'model', parts: [{ functionCall: { id: `fc-${i + 1}`, name: 'wait_5_seconds', args: {} } }] },
    { role: 'user', parts: [{ functionResponse: { id: `fc-${i + 1}`, name: 'wait_5_seconds', response: { url: '/' } } }] },
  ]).flat();

async function turn(contents: Content[], deps: ComputerUseDeps): Promise<{ status: number; json: TurnResponse & { error?: string } }> {
  const res = await handleComputerUse(new Request('http://t/api/computer-use', { method: 'POST', body: JSON.stringify({ contents }) }), deps);
  return { status: res.status, json: (await res.json()) as TurnResponse & { error?: string } };
}

const temps: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tabsmith-cu-'));
  temps.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('computer-use replay (TABSMITH_MODEL_PROVIDER=replay)', () => {
  it('plays the todo fixture from the default folder, turn by turn, without a key', async () => {
    expect(DEFAULT_COMPUTER_USE_REPLAY_DIR).toBe('tests/e2e/fixtures/computer-use');
    const first = await turn([user(TODO)], { env: REPLAY });
    expect(first.status).toBe(200);
    // The recording names the model it was made with (its action set), which the replay reports.
    expect(first.json.model).toBe('gemini-2.5-computer-use-preview-10-2025');
    expect(first.json.functionCalls).toEqual([
      { id: 'fc-1', name: 'type_text_at', args: { x: 500, y: 100, text: 'buy milk', press_enter: true, clear_before_typing: true } },
    ]);
    expect(first.json.thoughts).toContain('New todo');

    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { json } = await turn([user(TODO), ...answered(i)], { env: REPLAY });
      names.push(...json.functionCalls.map((call) => call.name));
      if (i === 3) expect(json.functionCalls[0]?.safetyDecision).toEqual({ decision: 'require_confirmation', explanation: 'Leaving the page' });
    }
    expect(names).toEqual(['type_text_at', 'click_at', 'scroll_document', 'click_at']);

    const last = await turn([user(TODO), ...answered(4)], { env: REPLAY });
    expect(last.json.functionCalls).toEqual([]);
    expect(last.json.text).toBe('Added buy milk, checked it, scrolled and opened the next page.');
  });

  it('matches case-insensitively, prefers the longest match, and says so when nothing matches', async () => {
    const dir = await tempDir();
    const rec = (match: string, text: string) => JSON.stringify({ match, turns: [{ candidateContent: { role: 'model', parts: [{ text }] } }] });
    await writeFile(join(dir, 'a.json'), rec('check the page', 'short'));
    await writeFile(join(dir, 'b.json'), rec('check the page title', 'long'));
    await writeFile(join(dir, 'notes.txt'), 'ignored');
    const env = { ...REPLAY, TABSMITH_COMPUTER_USE_REPLAY_DIR: dir };
    expect((await turn([user('Please CHECK THE PAGE TITLE now')], { env })).json.text).toBe('long');
    const short = await turn([user('check the page')], { env });
    expect(short.json.text).toBe('short');
    // A recording that names no model reports the configured one.
    expect(short.json.model).toBe(DEFAULT_COMPUTER_USE_MODEL);
    const none = await turn([user('something else')], { env });
    expect(none.status).toBe(200);
    expect(none.json.text).toContain('No recorded computer-use session matches "something else"');
    expect(none.json.text).toContain('"check the page title"');
    const beyond = await turn([user('check the page'), ...answered(1)], { env });
    expect(beyond.json.text).toContain('has no turn 2 (it has 1)');
  });

  it('a malformed recording is a 500 naming the file', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'broken.json'), JSON.stringify({ match: 'x', turns: [{ candidateContent: { role: 'user', parts: [{ text: 'x' }] } }] }));
    const { status, json } = await turn([user('x')], { env: { ...REPLAY, TABSMITH_COMPUTER_USE_REPLAY_DIR: dir } });
    expect(status).toBe(500);
    expect(json.error).toContain('broken.json');
    expect(json.error).toContain('role must be "model"');
  });

  it('every fixture in the folder is a valid recording', async () => {
    const raw: unknown = JSON.parse(await readFile(join(DEFAULT_COMPUTER_USE_REPLAY_DIR, 'todo.json'), 'utf8'));
    expect(computerUseRecordingSchema.safeParse(raw).success).toBe(true);
  });

  it('record mode writes live turns in the replay format, which then replays', async () => {
    const dir = await tempDir();
    let n = 0;
    const generate = async () =>
      Object.assign(new GenerateContentResponse(), {
        candidates: [
          {
            content: { role: 'model', parts: n++ === 0 ? [{ functionCall: { id: 'r1', name: 'click_at', args: { x: 1, y: 2 } } }] : [{ text: 'all done' }] },
            finishReason: FinishReason.STOP,
          },
        ],
      });
    const env = { GOOGLE_GENERATIVE_AI_API_KEY: 'k', TABSMITH_COMPUTER_USE_RECORD_DIR: dir };
    await turn([user('Record this session')], { env, generate });
    await turn([user('Record this session'), ...answered(1)], { env, generate });
    await recordingsSettled();
    const file = join(dir, recordingFileName('Record this session'));
    const recording = computerUseRecordingSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    expect(recording.match).toBe('Record this session');
    expect(recording.turns).toHaveLength(2);

    const replayEnv = { ...REPLAY, TABSMITH_COMPUTER_USE_REPLAY_DIR: dir };
    expect((await turn([user('Record this session')], { env: replayEnv })).json.functionCalls).toEqual([{ id: 'r1', name: 'click_at', args: { x: 1, y: 2 } }]);
    expect((await turn([user('Record this session'), ...answered(1)], { env: replayEnv })).json.text).toBe('all done');
  });
});

describe('action set per model id', () => {
  it.each([
    ['gemini-2.5-computer-use-preview-10-2025', 'gemini'],
    ['gemini-3-flash-preview', 'gemini'],
    ['gemini-3.1-pro-preview', 'gemini'],
    ['gemini-3.5-flash', 'gemini-new'],
    ['gemini-4-pro', 'gemini-new'],
    ['models/gemini-3.5-flash-preview', 'gemini-new'],
    ['replay', 'gemini'],
  ])('%s → %s', (model, source) => {
    expect(actionSourceForModel(model)).toBe(source);
  });
});
