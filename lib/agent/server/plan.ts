/**
 * The planner's contract (PUT /api/ai): `{ goal, context }` in, a plan out. One zod schema for the
 * plan, given to the model as structured output and used to type the response; steps reuse planStepSchema so a
 * plan from the planner and a plan_create call look the same to the UI.
 */
import { z } from 'zod';
import { planStepSchema } from '../tool-schemas';

export const planSchema = z.object({
  goal: z.string().min(1),
  estimatedSteps: z.number().int().min(1).max(30),
  steps: z.array(planStepSchema).min(1).max(30),
  risks: z.array(z.string()),
  fallbackStrategies: z.array(z.string()),
});

export const planRequestSchema = z.object({
  goal: z.string().trim().min(1).max(4000),
  context: z
    .object({
      files: z.array(z.string().max(1024)).max(20_000).default([]),
      packages: z.array(z.string().max(214)).max(2000).default([]),
      previousAttempts: z.array(z.string().max(4000)).max(20).default([]),
    })
    .default({ files: [], packages: [], previousAttempts: [] }),
});
type PlanRequest = z.infer<typeof planRequestSchema>;

/** Planner bodies are goals and names: far smaller than a chat history. */
export const MAX_PLAN_BODY_BYTES = 1024 * 1024;

export const PLANNER_INSTRUCTIONS = `You plan coding tasks for an agent working in a browser IDE (Node, npm, a shell).
Return a plan: numbered steps (ids from 1), each with the tools it uses (fs_writeFile, fs_editFile, fs_readFile,
fs_listFiles, fs_deletePath, fs_movePath, install_npm, run_sh, test_run), the ids of steps it depends on, how to
validate it, and a duration (short, medium, long). estimatedSteps equals the number of steps. List the risks and a
fallback strategy for each main risk. Keep it short: the fewest steps that reach the goal.`;

export function buildPlannerPrompt(request: PlanRequest, renderFiles: (files: readonly string[]) => string): string {
  const { goal, context } = request;
  return [
    `Goal: ${goal}`,
    '',
    'Workspace files:',
    renderFiles(context.files),
    `Installed packages: ${context.packages.length > 0 ? context.packages.slice(0, 60).join(', ') : 'none'}`,
    context.previousAttempts.length > 0 ? `Previous attempts that did not work:\n- ${context.previousAttempts.join('\n- ')}` : '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
