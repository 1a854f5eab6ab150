/**
 * PUT /api/ai: the planner. `{ goal, context }` in (zod, 400 with the reason), a plan out, produced by the
 * balanced mode's model as structured output against planSchema.
 */
import { generateText, Output } from 'ai';
import { resolveOrError, type AgentDeps } from './chat';
import { describeZodError, jsonError, readJsonBody } from '../http';
import { describeModelError } from './model-errors';
import { buildPlannerPrompt, MAX_PLAN_BODY_BYTES, PLANNER_INSTRUCTIONS, planRequestSchema, planSchema } from './plan';
import { renderFileTree } from './system-prompt';

export async function handlePlan(req: Request, deps: AgentDeps = {}): Promise<Response> {
  const body = await readJsonBody(req, MAX_PLAN_BODY_BYTES);
  if (!body.ok) return body.response;
  const parsed = planRequestSchema.safeParse(body.value);
  if (!parsed.success) return jsonError(400, describeZodError(parsed.error));

  const resolution = resolveOrError('balanced', deps, req.headers);
  if (!resolution.ok) return resolution.response;
  const { model, config, providerOptions } = resolution.resolved;

  try {
    const { output } = await generateText({
      model,
      instructions: PLANNER_INSTRUCTIONS,
      prompt: buildPlannerPrompt(parsed.data, (files) => renderFileTree(files)),
      output: Output.object({ schema: planSchema, name: 'plan' }),
      temperature: config.temperature,
      providerOptions,
      abortSignal: req.signal,
      maxRetries: 0,
    });
    // The model's count can drift from its own list; the list is the truth.
    return Response.json({ ...output, estimatedSteps: output.steps.length });
  } catch (error) {
    return jsonError(502, resolution.redact(describeModelError(error)));
  }
}
