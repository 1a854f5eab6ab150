import { describe, expect, it } from 'vitest';
import { createSessionManager, type ActionEntry, type ModelEntry, type SessionInfo, type UserEntry } from '@/lib/computer-use/session';
import { call, FakeComputer, modelTurn, responsesOf, scriptedTurns, text, tick } from './computer-use-session-fakes';

const confirmArgs = (x: number, y: number) => ({ x, y, safety_decision: { decision: 'require_confirmation', explanation: 'Leaving the page' } });

describe('computer-use session: the loop', () => {
  it('sends instructions + screen size + first screenshot, runs every call of a turn, answers them in one user turn, completes on text', async () => {
    const computer = new FakeComputer();
    const { fetchTurn, bodies } = scriptedTurns(
      modelTurn([text('Looking.'), call('click_at', { x: 500, y: 500 }, 'c1'), call('type_text_at', { x: 100, y: 100, text: 'hi', press_enter: true }, 'c2')]),
      modelTurn([text('Done: typed hi.')]),
    );
    const manager = createSessionManager({ computer, fetchTurn });
    const started = manager.start('Type hi into the box');
    expect(started.status).toBe('running');
    const info = await manager.waitFor(started.id);

    expect(info).toMatchObject({ status: 'completed', answer: 'Done: typed hi.', turns: 2, steps: 2 });
    expect(info.endedAt).toBeGreaterThanOrEqual(info.startedAt);
    const first = bodies[0]?.contents[0];
    expect(first?.role).toBe('user');
    expect(first?.parts?.[0]?.text).toBe('Type hi into the box\n\nThe app is open in a browser preview; the screen is 1000×600.');
    expect(first?.parts?.[1]).toEqual({ inlineData: { mimeType: 'image/png', data: 'PNG-1' } });

    expect(computer.executed).toEqual([
      { type: 'click', x: 500, y: 300, button: 'left' },
      { type: 'type', text: 'hi', x: 100, y: 60, pressEnter: true, clearBefore: true },
    ]);
    const second = bodies[1]?.contents ?? [];
    expect(second.map((c) => c.role)).toEqual(['user', 'model', 'user']);
    expect(second[1]).toEqual(
      modelTurn([text('Looking.'), call('click_at', { x: 500, y: 500 }, 'c1'), call('type_text_at', { x: 100, y: 100, text: 'hi', press_enter: true }, 'c2')])
        .candidateContent,
    );
    expect(responsesOf(second[2])).toEqual([
      { id: 'c1', name: 'click_at', response: { url: 'http://preview.local/' }, parts: [{ inlineData: { mimeType: 'image/png', data: 'PNG-2' } }] },
      { id: 'c2', name: 'type_text_at', response: { url: 'http://preview.local/' }, parts: [{ inlineData: { mimeType: 'image/png', data: 'PNG-3' } }] },
    ]);
  });

  it('omits the id in a function response when the model sent none, and navigates to the start path first', async () => {
    const computer = new FakeComputer();
    const { fetchTurn, bodies } = scriptedTurns(modelTurn([call('scroll_document', { direction: 'down' })]), modelTurn([text('ok')]));
    const manager = createSessionManager({ computer, fetchTurn });
    const { id } = manager.start('scroll', '/todos');
    await manager.waitFor(id);
    expect(computer.executed[0]).toEqual({ type: 'navigate', url: '/todos' });
    const fr = responsesOf(bodies[1]?.contents[2])[0];
    expect(fr).not.toHaveProperty('id');
    expect(fr?.response).toEqual({ url: 'http://preview.local/todos' });
  });

  it('logs each step: user, model text/thoughts, action name + args, normalized actions, note, point, screenshot, timings', async () => {
    const computer = new FakeComputer();
    const { fetchTurn } = scriptedTurns(
      modelTurn([{ text: 'the box is on top', thought: true }, call('click_at', { x: 100, y: 100 })]),
      modelTurn([text('fine')]),
    );
    let clock = 1000;
    const manager = createSessionManager({ computer, fetchTurn, now: () => (clock += 5) });
    const { id } = manager.start('click the box');
    await manager.waitFor(id);
    const log = manager.log(id);
    expect(log.map((e) => e.kind)).toEqual(['user', 'model', 'action', 'model']);
    const user = log[0] as UserEntry;
    expect(user.screenshot?.base64).toBe('PNG-1');
    const model = log[1] as ModelEntry;
    expect(model).toMatchObject({ turn: 1, thoughts: 'the box is on top', functionCalls: 1, model: 'gemini-2.5-computer-use-preview-10-2025' });
    expect(model.durationMs).toBeGreaterThan(0);
    const step = log[2] as ActionEntry;
    expect(step).toMatchObject({
      name: 'click_at',
      args: { x: 100, y: 100 },
      actions: [{ type: 'click', x: 100, y: 60 }],
      description: 'click at (100, 60)',
      note: 'did click',
      at: { x: 100, y: 60 },
      turn: 1,
    });
    expect(step.screenshot?.base64).toBe('PNG-2');
    expect(step.durationMs).toBeGreaterThan(0);
    expect((log[3] as ModelEntry).text).toBe('fine');

    const noImages = manager.log(id, { images: false });
    expect(noImages.some((e) => 'screenshot' in e)).toBe(false);
    expect(noImages.map((e) => e.kind)).toEqual(['user', 'model', 'action', 'model']);
    expect(manager.lastScreenshot(id)).toEqual({ screenshot: expect.objectContaining({ base64: 'PNG-2' }), at: { x: 100, y: 60 } });
  });

  it('uses the newer action set for a 3.5 model', async () => {
    const computer = new FakeComputer();
    const { fetchTurn } = scriptedTurns(modelTurn([call('click', { x: 500, y: 500 })], 'gemini-3.5-flash'), modelTurn([text('ok')], 'gemini-3.5-flash'));
    const manager = createSessionManager({ computer, fetchTurn });
    const { id } = manager.start('click');
    const info = await manager.waitFor(id);
    expect(info.model).toBe('gemini-3.5-flash');
    expect(computer.executed).toEqual([{ type: 'click', x: 500, y: 300, button: 'left' }]);
  });

  it('sends the configured model id in every request', async () => {
    const { fetchTurn, bodies } = scriptedTurns(modelTurn([text('ok')], 'gemini-3.5-flash'));
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn, model: 'gemini-3.5-flash' });
    await manager.waitFor(manager.start('x').id);
    expect(bodies[0]?.model).toBe('gemini-3.5-flash');
  });

  it('stops after maxTurns with a note', async () => {
    const computer = new FakeComputer();
    const { fetchTurn, bodies } = scriptedTurns(modelTurn([call('wait_5_seconds')]));
    const manager = createSessionManager({ computer, fetchTurn, maxTurns: 3 });
    const info = await manager.waitFor(manager.start('loop forever').id);
    expect(info).toMatchObject({ status: 'completed', note: 'stopped after 3 turns', turns: 3, steps: 3 });
    expect(info.answer).toBeUndefined();
    expect(bodies).toHaveLength(3);
  });

  it('defaults to 20 turns', async () => {
    const { fetchTurn } = scriptedTurns(modelTurn([call('hover_at', { x: 1, y: 1 })]));
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn });
    const info = await manager.waitFor(manager.start('loop').id);
    expect(info).toMatchObject({ status: 'completed', note: 'stopped after 20 turns', turns: 20 });
  });
});

describe('computer-use session: confirmation', () => {
  it('approved → executed, acknowledged in the function response', async () => {
    const computer = new FakeComputer();
    const { fetchTurn, bodies } = scriptedTurns(modelTurn([call('click_at', confirmArgs(40, 955), 'fc-4')]), modelTurn([text('opened')]));
    const manager = createSessionManager({ computer, fetchTurn });
    const { id } = manager.start('open the next page');
    const waiting = await manager.waitFor(id, ['awaiting-confirmation']);
    expect(waiting.confirmation).toEqual({
      step: 2,
      name: 'click_at',
      args: confirmArgs(40, 955),
      actions: [{ type: 'click', x: 40, y: 573, button: 'left' }],
      explanation: 'Leaving the page',
    });
    await tick();
    expect(computer.executed).toEqual([]);
    expect(bodies).toHaveLength(1);

    const after = manager.confirm(id, true);
    expect(after.status).toBe('running');
    expect(after.confirmation).toBeUndefined();
    const done = await manager.waitFor(id);
    expect(done).toMatchObject({ status: 'completed', answer: 'opened', steps: 1 });
    expect(computer.executed).toEqual([{ type: 'click', x: 40, y: 573, button: 'left' }]);
    expect(responsesOf(bodies[1]?.contents[2])[0]?.response).toEqual({ url: 'http://preview.local/', safety_acknowledgement: 'true' });
    expect((manager.log(id)[2] as ActionEntry).safety).toEqual({ decision: 'require_confirmation', explanation: 'Leaving the page', approved: true });
  });

  it('confirm without a pending confirmation throws', async () => {
    const { fetchTurn } = scriptedTurns(modelTurn([text('ok')]));
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn });
    const { id } = manager.start('x');
    await manager.waitFor(id);
    expect(() => manager.confirm(id, true)).toThrow(/not waiting for a confirmation/);
  });

  it('ending while awaiting confirmation does not execute the action', async () => {
    const computer = new FakeComputer();
    const { fetchTurn, bodies } = scriptedTurns(modelTurn([call('click_at', confirmArgs(1, 1))]));
    const manager = createSessionManager({ computer, fetchTurn });
    const { id } = manager.start('x');
    await manager.waitFor(id, ['awaiting-confirmation']);
    const ended = manager.end(id);
    expect(ended).toMatchObject({ status: 'completed', note: 'ended by the user' });
    expect(ended.confirmation).toBeUndefined();
    await tick();
    expect(computer.executed).toEqual([]);
    expect(bodies).toHaveLength(1);
  });
});

describe('computer-use session: errors', () => {
  it('a failing model request ends the session with status error', async () => {
    const { fetchTurn } = scriptedTurns(new Error('The model provider says the quota is used up'));
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn });
    const info = await manager.waitFor(manager.start('x').id);
    expect(info).toMatchObject({ status: 'error', error: 'The model provider says the quota is used up' });
    expect(info.endedAt).toBeDefined();
  });

  it('a preview that cannot take the first screenshot is an error', async () => {
    const computer = new FakeComputer();
    computer.failScreenshot = true;
    const manager = createSessionManager({ computer, fetchTurn: scriptedTurns(modelTurn([text('x')])).fetchTurn });
    const info = await manager.waitFor(manager.start('x').id);
    expect(info).toMatchObject({ status: 'error', error: 'the preview is not reachable' });
  });

  it('an unknown function or bad arguments are told to the model, and the loop continues', async () => {
    const computer = new FakeComputer();
    const { fetchTurn, bodies } = scriptedTurns(modelTurn([call('teleport', { to: 'mars' }), call('click_at', { x: 'left' })]), modelTurn([text('gave up')]));
    const manager = createSessionManager({ computer, fetchTurn });
    const info = await manager.waitFor(manager.start('x').id);
    expect(info).toMatchObject({ status: 'completed', answer: 'gave up', steps: 0 });
    const [unknown, bad] = responsesOf(bodies[1]?.contents[2]);
    expect(unknown?.response?.error).toContain('teleport');
    expect(bad?.response?.error).toContain('click_at');
    expect(computer.executed).toEqual([]);
  });

  it('an action that fails in the preview is told to the model with a fresh screenshot', async () => {
    const computer = new FakeComputer();
    computer.failOn = 'click';
    const { fetchTurn, bodies } = scriptedTurns(modelTurn([call('click_at', { x: 1, y: 1 })]), modelTurn([text('could not click')]));
    const manager = createSessionManager({ computer, fetchTurn });
    const { id } = manager.start('x');
    await manager.waitFor(id);
    const fr = responsesOf(bodies[1]?.contents[2])[0];
    expect(fr?.response?.error).toContain('The action failed: no element under the point');
    expect(fr?.parts?.[0]?.inlineData?.data).toBe('PNG-2');
    expect((manager.log(id)[2] as ActionEntry).error).toContain('no element under the point');
  });

  it('unknown ids and empty instructions throw', () => {
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn: scriptedTurns().fetchTurn });
    expect(() => manager.status('nope')).toThrow(/No computer-use session "nope"/);
    expect(() => manager.start('   ')).toThrow(/empty/);
  });
});

describe('computer-use session: reply, end, list, subscribe', () => {
  it('reply continues the conversation with the text and a fresh screenshot', async () => {
    const computer = new FakeComputer();
    const { fetchTurn, bodies } = scriptedTurns(
      modelTurn([text('Which todo?')]),
      modelTurn([call('click_at', { x: 1, y: 1 })]),
      modelTurn([text('Checked milk.')]),
    );
    const manager = createSessionManager({ computer, fetchTurn });
    const { id } = manager.start('check a todo');
    expect(await manager.waitFor(id)).toMatchObject({ status: 'completed', answer: 'Which todo?', turns: 1 });
    const replied = manager.reply(id, 'the milk one');
    expect(replied.status).toBe('running');
    expect(replied.answer).toBeUndefined();
    const info = await manager.waitFor(id);
    expect(info).toMatchObject({ status: 'completed', answer: 'Checked milk.', turns: 3, steps: 1 });
    const contents = bodies[1]?.contents ?? [];
    expect(contents.map((c) => c.role)).toEqual(['user', 'model', 'user']);
    expect(contents[2]?.parts).toEqual([{ text: 'the milk one' }, { inlineData: { mimeType: 'image/png', data: 'PNG-2' } }]);
    expect(
      manager
        .log(id)
        .filter((e) => e.kind === 'user')
        .map((e) => (e as UserEntry).text),
    ).toEqual([expect.stringContaining('check a todo'), 'the milk one']);
  });

  it('reply gets a fresh turn budget, and merges into a trailing user turn', async () => {
    const { fetchTurn, bodies } = scriptedTurns(modelTurn([call('wait_5_seconds')]), modelTurn([call('wait_5_seconds')]), modelTurn([text('ok')]));
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn, maxTurns: 1 });
    const { id } = manager.start('x');
    expect(await manager.waitFor(id)).toMatchObject({ note: 'stopped after 1 turns' });
    manager.reply(id, 'keep going');
    await manager.waitFor(id);
    const contents = bodies[1]?.contents ?? [];
    expect(contents.map((c) => c.role)).toEqual(['user', 'model', 'user']);
    expect(contents[2]?.parts?.map((p) => (p.functionResponse ? 'fr' : p.text ? 'text' : 'image'))).toEqual(['fr', 'text', 'image']);
  });

  it('reply is refused while running', async () => {
    let release: (value: ReturnType<typeof modelTurn>) => void = () => undefined;
    const { fetchTurn } = scriptedTurns(() => new Promise((resolve) => (release = resolve)));
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn });
    const { id } = manager.start('x');
    await tick();
    expect(() => manager.reply(id, 'more')).toThrow(/reply once it has stopped/);
    release(modelTurn([text('ok')]));
    await manager.waitFor(id);
  });

  it('end stops a running session; its late model answer is ignored; a reply answers the calls it left', async () => {
    let release: (value: ReturnType<typeof modelTurn>) => void = () => undefined;
    const computer = new FakeComputer();
    const { fetchTurn, bodies } = scriptedTurns(() => new Promise((resolve) => (release = resolve)), modelTurn([text('resumed')]));
    const manager = createSessionManager({ computer, fetchTurn });
    const { id } = manager.start('x');
    await tick();
    expect(manager.end(id)).toMatchObject({ status: 'completed', note: 'ended by the user' });
    release(modelTurn([call('click_at', { x: 1, y: 1 })]));
    await tick();
    expect(computer.executed).toEqual([]);
    expect(manager.status(id).turns).toBe(0);
    expect(manager.end(id).note).toBe('ended by the user');

    manager.reply(id, 'go on');
    expect(await manager.waitFor(id)).toMatchObject({ status: 'completed', answer: 'resumed' });
    // the ended run left no model turn, so the reply joins the first user turn (turns must alternate)
    expect(bodies[1]?.contents.map((c) => c.role)).toEqual(['user']);
    expect(bodies[1]?.contents[0]?.parts?.map((p) => p.text ?? p.inlineData?.data)).toEqual([expect.stringContaining('x'), 'PNG-1', 'go on', 'PNG-2']);
  });

  it('one session at a time; list and subscribe see every change', async () => {
    const { fetchTurn } = scriptedTurns(modelTurn([call('click_at', confirmArgs(1, 1))]), modelTurn([text('ok')]));
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn });
    const seen: SessionInfo[] = [];
    const unsubscribe = manager.subscribe((info) => seen.push(info));
    const { id } = manager.start('first');
    expect(() => manager.start('second')).toThrow(/still running; end it first/);
    await manager.waitFor(id, ['awaiting-confirmation']);
    expect(() => manager.start('second')).toThrow(/still awaiting-confirmation/);
    manager.confirm(id, true);
    await manager.waitFor(id);
    expect(seen.map((s) => s.status)).toEqual(expect.arrayContaining(['running', 'awaiting-confirmation', 'completed']));
    const count = seen.length;
    unsubscribe();
    const second = manager.start('second');
    await manager.waitFor(second.id);
    expect(seen).toHaveLength(count);
    expect(manager.list().map((s) => [s.id, s.status])).toEqual([
      [id, 'completed'],
      [second.id, 'completed'],
    ]);
  });

  it('waitFor times out with a clear error', async () => {
    const { fetchTurn } = scriptedTurns(() => new Promise(() => undefined));
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn });
    const { id } = manager.start('x');
    await expect(manager.waitFor(id, ['completed'], 20)).rejects.toThrow(/still running after 20 ms/);
    manager.end(id);
  });
});
