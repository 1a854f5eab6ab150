// "Test connection" from Settings: one tiny prompt to the chosen model. Thin: the work is in lib/agent.
import { handleConnectionTest } from '@/lib/agent/server/connection-test';
import { guardRequest } from '@/lib/server/request-guard';
import { otherMethods } from '@/lib/server/method-not-allowed';

export const maxDuration = 60;

export async function POST(req: Request): Promise<Response> {
  return guardRequest(req, { json: true }) ?? handleConnectionTest(req);
}

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
