// Summarises older turns of a long conversation so later requests stay within their budget.
import { handleSummarise } from '@/lib/agent/server/context/summarise-handler';
import { guardRequest } from '@/lib/server/request-guard';
import { otherMethods } from '@/lib/server/method-not-allowed';

export const maxDuration = 120;

export async function POST(req: Request): Promise<Response> {
  return guardRequest(req, { json: true }) ?? handleSummarise(req);
}

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
