// The agent's HTTP surface: POST streams one model step (chat + tool calls), PUT returns a plan.
// Thin on purpose: parsing, model selection and streaming live in lib/agent/server.
import { handleChat } from '@/lib/agent/server/chat';
import { handlePlan } from '@/lib/agent/server/planner';
import { guardRequest } from '@/lib/server/request-guard';
import { otherMethods } from '@/lib/server/method-not-allowed';

// One model step, worst case: up to 60 s waiting out a rate limit's advised delay (DEFAULT_RETRY.waitBudgetMs)
// plus the step itself, which in deep mode can think for minutes. The client resubmits for the next step.
export const maxDuration = 300;

export async function POST(req: Request): Promise<Response> {
  return guardRequest(req, { json: true }) ?? handleChat(req);
}

export async function PUT(req: Request): Promise<Response> {
  return guardRequest(req, { json: true }) ?? handlePlan(req);
}

export const { GET, HEAD, PATCH, DELETE, OPTIONS } = otherMethods(['POST', 'PUT']);
