import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { planRequestSchema, planSchema } from '@/lib/agent/server/plan';
import { handlePlan } from '@/lib/agent/server/planner';
import type { ModelFactory } from '@/lib/agent/server/providers';

/** The i-th item, or a test failure (instead of a non-null assertion). */
const at = <T>(items: readonly T[], i = 0): T => {
  const item = items[i];
  if (item === undefined) throw new Error(`expected an item at ${i}`);
  return item;
};

const plan = {
  goal: 'Create an Express server with /ping',
  estimatedSteps: 2,
  steps: [
    { id: 1, description: 'Initialize project files', tools: ['fs_writeFile'], dependencies: [], validation: 'Files exist', estimatedDuration: 'short' },
    { id: 2, description: 'Start the server', tools: ['run_sh'], dependencies: [1], validation: 'GET /ping answers pong', estimatedDuration: 'short' },
  ],
  risks: ['Port conflicts'],
  fallbackStrategies: ['Use a different port'],
};

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };

function mockPlanner(output: unknown) {
  const models: MockLanguageModelV4[] = [];
  const createModel: ModelFactory = () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: 'text', text: JSON.stringify(output) }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      }),
    });
    models.push(model);
    return model;
  };
  return { createModel, models };
}

const put = (body: unknown) => new Request('http://t/api/ai', { method: 'PUT', body: JSON.stringify(body) });

describe('planner schema', () => {
  it('accepts a complete plan and fills step defaults', () => {
    expect(planSchema.parse(plan)).toEqual(plan);
    const minimal = planSchema.parse({ ...plan, steps: [{ id: 1, description: 'Do it' }] });
    expect(minimal.steps[0]).toEqual({ id: 1, description: 'Do it', tools: [], dependencies: [], validation: '', estimatedDuration: 'short' });
  });

  it.each([
    [{ ...plan, steps: [] }],
    [{ ...plan, goal: '' }],
    [{ ...plan, steps: [{ id: 0, description: 'x' }] }],
    [{ ...plan, steps: [{ id: 1, description: 'x', estimatedDuration: 'forever' }] }],
    [{ goal: 'x', steps: plan.steps }],
  ])('rejects an invalid plan %#', (bad) => {
    expect(planSchema.safeParse(bad).success).toBe(false);
  });

  it('defaults the request context', () => {
    expect(planRequestSchema.parse({ goal: 'x' }).context).toEqual({ files: [], packages: [], previousAttempts: [] });
  });
});

describe('PUT /api/ai', () => {
  it('returns the plan from structured output', async () => {
    const { createModel, models } = mockPlanner(plan);
    const res = await handlePlan(put({ goal: plan.goal, context: { files: ['server.js', 'package.json'], packages: ['express'] } }), { env: {}, createModel });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(plan);
    const call = at(at(models).doGenerateCalls);
    expect(call.responseFormat).toMatchObject({ type: 'json', name: 'plan' });
    expect(JSON.stringify(call.prompt)).toContain('server.js');
  });

  it.each([[{}], [{ goal: '' }], [{ goal: 'x', context: { files: 'server.js' } }]])('answers 400 for %o', async (body) => {
    const res = await handlePlan(put(body), { env: {}, createModel: mockPlanner(plan).createModel });
    expect(res.status).toBe(400);
    expect(typeof ((await res.json()) as { error: string }).error).toBe('string');
  });

  it('answers 502 with a message when the model returns something that is not a plan', async () => {
    const res = await handlePlan(put({ goal: 'x' }), { env: {}, createModel: mockPlanner({ nope: true }).createModel });
    expect(res.status).toBe(502);
  });

  it('names the key variable when it is missing', async () => {
    const res = await handlePlan(put({ goal: 'x' }), { env: {} });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: string }).error).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
  });
});
