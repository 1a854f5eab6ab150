// Computer use: one model turn per request (the browser's session runs the loop and the preview).
// Thin on purpose: validation, model choice, replay and the Gemini call live in lib/computer-use/server.
import { handleComputerUse } from '@/lib/computer-use/server/handler';
import { guardRequest } from '@/lib/server/request-guard';
import { otherMethods } from '@/lib/server/method-not-allowed';

// One computer-use turn, worst case: two attempts (an empty or malformed turn is asked again), each of which may
// wait up to 60 s for a rate limit's advised delay (DEFAULT_RETRY.waitBudgetMs), plus the model's thinking.
export const maxDuration = 300;

export async function POST(req: Request): Promise<Response> {
  return guardRequest(req, { json: true }) ?? handleComputerUse(req);
}

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
