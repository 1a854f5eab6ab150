import { afterEach, describe, expect, it } from 'vitest';
import { createPreviewCheckHook } from '@/lib/computer-use/manager';
import { createSessionManager } from '@/lib/computer-use/session';
import { startHarness, type Harness } from './agent-executor-fakes';
import { call, FakeComputer, modelTurn, scriptedTurns, text } from './computer-use-session-fakes';

let harness: Harness | undefined;
afterEach(() => {
  harness?.dispose();
  harness = undefined;
});

describe('preview_check', () => {
  it('answers Unavailable when the executor has no previewCheck hook', async () => {
    harness = await startHarness({});
    const result = await harness.call('preview_check', { instructions: 'Does the page load?' });
    expect(result.error?.name).toBe('Unavailable');
  });

  it('refuses empty instructions before running anything', async () => {
    let ran = false;
    harness = await startHarness({}, undefined, { previewCheck: async () => ((ran = true), { answer: 'x', steps: 0 }) });
    const result = await harness.call('preview_check', { instructions: '' });
    expect(result.error?.name).toBe('InvalidArguments');
    expect(ran).toBe(false);
  });

  it('runs a computer-use session through the hook and returns its answer and step count', async () => {
    const computer = new FakeComputer({ width: 1000, height: 500 });
    const { fetchTurn, bodies } = scriptedTurns(
      modelTurn([call('click_at', { x: 500, y: 120 })]),
      modelTurn([call('type_text_at', { x: 500, y: 120, text: 'milk', press_enter: true })]),
      modelTurn([text('The todo "milk" shows up at the top of the list.')]),
    );
    const manager = createSessionManager({ computer, fetchTurn, maxTurns: 20 });
    harness = await startHarness({}, undefined, { previewCheck: createPreviewCheckHook(manager) });
    const result = await harness.call('preview_check', { instructions: "Add a todo called 'milk' and say whether it shows up" });
    expect(result.content).toMatchObject({
      ok: true,
      answer: 'The todo "milk" shows up at the top of the list.',
      steps: 2,
      screenshots: 3,
      durationMs: expect.any(Number),
    });
    expect(bodies).toHaveLength(3);
    expect(computer.executed.map((a) => a.type)).toContain('type');
    // The session is the manager's, so the panel lists it.
    expect(manager.list()).toHaveLength(1);
  });

  it('reports a failed session as ok: false with the reason', async () => {
    const { fetchTurn } = scriptedTurns(new Error('quota exhausted'));
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn });
    const result = await createPreviewCheckHook(manager)('Check the page');
    expect(result).toMatchObject({ ok: false, steps: 0 });
    expect(result.answer).toContain('quota exhausted');
  });
});
