/** plan_create: nothing runs; the UI renders the plan from the call's input, so acknowledging is enough. */
import type { ToolHandler } from './context';

export const createPlan: ToolHandler<'plan_create'> = async (args) => ({ ok: true, steps: args.steps.length });
