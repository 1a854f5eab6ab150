/**
 * How a computer-use session stops and goes on as the Gemini API requires: a declined flagged action ends the
 * run (a flagged call is answered only with the acknowledgement, so never after a decline), a reply continues
 * in a new turn, an empty turn is neither stored nor taken for an answer, a failed request can be retried, and
 * screenshots may be JPEG only for a model that takes it.
 */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { createSessionManager, DECLINED_STEP, type ActionEntry } from '@/lib/computer-use/session';
import { TurnRequestError } from '@/lib/computer-use/session-turns';
import type { Action, ActionResult } from '@/lib/computer-use/types';
import { call, FakeComputer, modelTurn, responsesOf, scriptedTurns, text, tick } from './computer-use-session-fakes';

const confirmArgs = (x: number, y: number) => ({ x, y, safety_decision: { decision: 'require_confirmation', explanation: 'Leaving the page' } });

/** Every function response to a call flagged require_confirmation carries the acknowledgement (the API's rule). */
function unacknowledgedResponses(contents: readonly Content[]): string[] {
  const flagged = new Set<string>();
  const found: string[] = [];
  for (const content of contents) {
    for (const part of content.parts ?? []) {
      const fc = part.functionCall;
      const decision = (fc?.args?.safety_decision as { decision?: string } | undefined)?.decision;
      if (fc && decision === 'require_confirmation') flagged.add(fc.id ?? fc.name ?? '');
      const fr = part.functionResponse;
      if (fr && flagged.has(fr.id ?? fr.name ?? '') && fr.response?.safety_acknowledgement !== 'true') found.push(fr.id ?? fr.name ?? '');
    }
  }
  return found;
}

describe('computer-use session: a declined or unanswered flagged action', () => {
  it('declined → not executed, the session stops; no response without the acknowledgement ever goes to the model', async () => {
    const computer = new FakeComputer();
    const { fetchTurn, bodies } = scriptedTurns(
      modelTurn([call('click_at', confirmArgs(40, 955), 'fc-4')]),
      modelTurn([text('Staying here: the title is Todos.')]),
    );
    const manager = createSessionManager({ computer, fetchTurn });
    const { id } = manager.start('open the next page');
    await manager.waitFor(id, ['awaiting-confirmation']);
    manager.confirm(id, false);
    const stopped = await manager.waitFor(id);
    expect(stopped).toMatchObject({ status: 'completed', declined: 'click at (40, 573)', steps: 0 });
    expect(stopped.answer).toBeUndefined();
    await tick();
    expect(computer.executed).toEqual([]);
    expect(bodies).toHaveLength(1);
    const step = manager.log(id)[2] as ActionEntry;
    expect(step.safety?.approved).toBe(false);
    expect(step.error).toBe(DECLINED_STEP);

    // New instructions continue in a new turn: the flagged turn is replaced by a note of what it asked for.
    const replied = manager.reply(id, 'Do not leave; tell me the title.');
    expect(replied.declined).toBeUndefined();
    expect(await manager.waitFor(id)).toMatchObject({ status: 'completed', answer: 'Staying here: the title is Todos.' });
    const contents = bodies[1]?.contents ?? [];
    expect(contents.map((c) => c.role)).toEqual(['user', 'model', 'user']);
    expect(contents[1]?.parts).toEqual([{ text: expect.stringContaining('click_at {"x":40,"y":955}: declined by the user, not run') }]);
    expect(contents[2]?.parts).toEqual([{ text: 'Do not leave; tell me the title.' }, { inlineData: { mimeType: 'image/png', data: 'PNG-2' } }]);
    expect(bodies.flatMap((body) => body.contents).flatMap((c) => responsesOf(c))).toEqual([]);
    for (const body of bodies) expect(unacknowledgedResponses(body.contents)).toEqual([]);
  });

  it('a reply after a run ended while a flagged call waited sends no response to it: the turn becomes a note', async () => {
    const computer = new FakeComputer();
    const { fetchTurn, bodies } = scriptedTurns(
      modelTurn([call('click_at', { x: 1, y: 1 }, 'a'), call('click_at', confirmArgs(2, 2), 'b'), call('hover_at', { x: 3, y: 3 }, 'c')]),
      modelTurn([text('fine')]),
    );
    const manager = createSessionManager({ computer, fetchTurn });
    const { id } = manager.start('x');
    await manager.waitFor(id, ['awaiting-confirmation']);
    manager.end(id);
    manager.reply(id, 'skip that');
    await manager.waitFor(id);
    const contents = bodies[1]?.contents ?? [];
    expect(contents.map((c) => c.role)).toEqual(['user', 'model', 'user']);
    const note = contents[1]?.parts?.[0]?.text ?? '';
    expect(note).toContain('click_at {"x":1,"y":1}: done');
    expect(note).toContain('click_at {"x":2,"y":2}: not run, the session was stopped first');
    expect(note).toContain('hover_at {"x":3,"y":3}: not run');
    expect(contents.flatMap((c) => responsesOf(c))).toEqual([]);
    expect(contents.flatMap((c) => c.parts ?? []).some((p) => p.functionCall)).toBe(false);
    expect(contents[2]?.parts?.[0]).toEqual({ text: 'skip that' });
  });

  it('a reply after a run ended mid-turn (no flagged call open) answers the calls it left as not executed', async () => {
    let release: () => void = () => undefined;
    class SlowComputer extends FakeComputer {
      override async execute(action: Action): Promise<ActionResult> {
        if (action.type === 'move') await new Promise<void>((resolve) => (release = resolve));
        return super.execute(action);
      }
    }
    const computer = new SlowComputer();
    const { fetchTurn, bodies } = scriptedTurns(
      modelTurn([call('click_at', { x: 1, y: 1 }, 'a'), call('hover_at', { x: 3, y: 3 }, 'c')]),
      modelTurn([text('fine')]),
    );
    const manager = createSessionManager({ computer, fetchTurn });
    const { id } = manager.start('x');
    while (computer.executed.length === 0) await tick();
    await tick();
    manager.end(id);
    release();
    manager.reply(id, 'skip that');
    await manager.waitFor(id);
    const last = bodies[1]?.contents.at(-1);
    const frs = responsesOf(last);
    expect(frs.map((fr) => fr.id)).toEqual(['a', 'c']);
    expect(frs[0]?.response).toEqual({ url: 'http://preview.local/' });
    expect(frs[1]?.response?.error).toContain('Not executed');
    expect(last?.parts?.at(-2)).toEqual({ text: 'skip that' });
  });

  it('an empty model turn is not stored, and an empty final answer is an error, not success', async () => {
    const { fetchTurn, bodies } = scriptedTurns(modelTurn([]), modelTurn([text('Here it is.')]));
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn });
    const { id } = manager.start('x');
    const info = await manager.waitFor(id);
    expect(info).toMatchObject({ status: 'error', error: expect.stringContaining('finished without an answer') });
    expect(info.answer).toBeUndefined();
    manager.reply(id, 'please answer');
    await manager.waitFor(id);
    expect(bodies[1]?.contents.map((c) => c.role)).toEqual(['user']);
    expect(bodies[1]?.contents.every((c) => (c.parts ?? []).length > 0)).toBe(true);
  });

  it('a rate-limited model request can be retried: the same conversation is sent again', async () => {
    const limited = new TurnRequestError(429, 'Rate limited by the model provider (429): retry in 43 s.', 43);
    const { fetchTurn, bodies } = scriptedTurns(limited, modelTurn([text('ok')]));
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn });
    const { id } = manager.start('x');
    const failed = await manager.waitFor(id);
    expect(failed).toMatchObject({ status: 'error', retryable: true, retryAfterSeconds: 43, error: expect.stringContaining('retry in 43 s') });
    const retried = manager.retry(id);
    expect(retried).toMatchObject({ status: 'running' });
    expect(retried.retryable).toBeUndefined();
    expect(await manager.waitFor(id)).toMatchObject({ status: 'completed', answer: 'ok' });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(() => manager.retry(id)).toThrow(/no failed model request/);
  });

  it('screenshots may be JPEG only once a model that takes JPEG has answered', async () => {
    const legacy = new FakeComputer();
    const old = createSessionManager({
      computer: legacy,
      fetchTurn: scriptedTurns(modelTurn([call('click_at', { x: 1, y: 1 })]), modelTurn([text('ok')])).fetchTurn,
    });
    await old.waitFor(old.start('x').id);
    expect(legacy.allowJpeg).toEqual([false, false]);
    const fresh = new FakeComputer();
    const modern = createSessionManager({
      computer: fresh,
      fetchTurn: scriptedTurns(modelTurn([call('click', { x: 1, y: 1 })], 'gemini-3.5-flash'), modelTurn([text('ok')], 'gemini-3.5-flash')).fetchTurn,
    });
    await modern.waitFor(modern.start('x').id);
    expect(fresh.allowJpeg).toEqual([false, true]);
  });

  it('Stop during a step leaves no step running: the one it interrupted reads as stopped', async () => {
    let release: () => void = () => {};
    class SlowComputer extends FakeComputer {
      override async execute(action: Action, options?: Parameters<FakeComputer['execute']>[1]): Promise<ActionResult> {
        if (action.type === 'wait') await new Promise<void>((resolve) => (release = resolve));
        return super.execute(action, options);
      }
    }
    const computer = new SlowComputer();
    const { fetchTurn } = scriptedTurns(modelTurn([call('click_at', { x: 10, y: 10 }, 'a'), call('wait_5_seconds', {}, 'b')]), modelTurn([text('never')]));
    const manager = createSessionManager({ computer, fetchTurn });
    const { id } = manager.start('click, then wait');
    await expect.poll(() => manager.log(id).filter((entry) => entry.kind === 'action').length).toBe(2);
    manager.end(id);
    release();
    await tick();
    const steps = manager.log(id).filter((entry): entry is ActionEntry => entry.kind === 'action');
    expect(steps.map((step) => [step.name, step.url !== undefined, step.stopped ?? false])).toEqual([
      ['click_at', true, false],
      ['wait_5_seconds', false, true],
    ]);
  });
});
