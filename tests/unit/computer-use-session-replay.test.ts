/** The session in the browser against the real route code in replay mode (the e2e's path, minus the preview). */
import { describe, expect, it } from 'vitest';
import { handleComputerUse } from '@/lib/computer-use/server/handler';
import { createFetchTurn, createSessionManager, type ActionEntry } from '@/lib/computer-use/session';
import { PRUNED_SCREENSHOT_TEXT, type TurnRequest } from '@/lib/computer-use/session-protocol';
import { FakeComputer } from './computer-use-session-fakes';

const TODO = "add a todo called 'buy milk', mark it done, scroll to the bottom and open the next page";

function routeFetch(env: Record<string, string>) {
  const bodies: TurnRequest[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    bodies.push(JSON.parse(String(init?.body)) as TurnRequest);
    return handleComputerUse(new Request(`http://t${String(input)}`, init), { env });
  };
  return { fetchTurn: createFetchTurn('/api/computer-use', fetchImpl), bodies };
}

describe('computer-use session over the replayed route', () => {
  it.each([
    [
      { width: 1000, height: 600 },
      { input: { x: 500, y: 60 }, checkbox: { x: 30, y: 130 }, link: { x: 40, y: 573 }, scroll: 480 },
    ],
    [
      { width: 600, height: 400 },
      { input: { x: 300, y: 40 }, checkbox: { x: 18, y: 87 }, link: { x: 24, y: 382 }, scroll: 320 },
    ],
  ])('plays todo.json on a %o preview: type + Enter, check, scroll, confirm, follow the link', async (size, expected) => {
    const computer = new FakeComputer(size);
    const { fetchTurn, bodies } = routeFetch({ TABSMITH_MODEL_PROVIDER: 'replay' });
    const manager = createSessionManager({ computer, fetchTurn });
    const { id } = manager.start(TODO);

    const waiting = await manager.waitFor(id, ['awaiting-confirmation', 'completed', 'error']);
    expect(waiting.status).toBe('awaiting-confirmation');
    expect(waiting.confirmation?.explanation).toBe('Leaving the page');
    expect(computer.executed).toEqual([
      { type: 'type', text: 'buy milk', x: expected.input.x, y: expected.input.y, pressEnter: true, clearBefore: true },
      { type: 'click', ...expected.checkbox, button: 'left' },
      { type: 'scroll', direction: 'down', amount: expected.scroll },
    ]);

    manager.confirm(id, true);
    const done = await manager.waitFor(id);
    expect(done).toMatchObject({ status: 'completed', answer: 'Added buy milk, checked it, scrolled and opened the next page.', turns: 5, steps: 4 });
    expect(computer.executed.at(-1)).toEqual({ type: 'click', ...expected.link, button: 'left' });
    const steps = manager.log(id).filter((e): e is ActionEntry => e.kind === 'action');
    expect(steps.map((s) => s.name)).toEqual(['type_text_at', 'click_at', 'scroll_document', 'click_at']);
    expect(steps[3]?.safety).toEqual({ decision: 'require_confirmation', explanation: 'Leaving the page', approved: true });

    // the acknowledgement went back to the model, and the client pruned old screenshots before sending
    const last = bodies.at(-1);
    expect(last?.contents.at(-1)?.parts?.[0]?.functionResponse?.response).toMatchObject({ safety_acknowledgement: 'true' });
    expect(JSON.stringify(last?.contents[0])).toContain(PRUNED_SCREENSHOT_TEXT);
  });

  it('createFetchTurn surfaces the route error sentence', async () => {
    const { fetchTurn } = routeFetch({});
    const manager = createSessionManager({ computer: new FakeComputer(), fetchTurn });
    const info = await manager.waitFor(manager.start('anything').id);
    expect(info.status).toBe('error');
    expect(info.error).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
  });
});
