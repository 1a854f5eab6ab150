// The models this server offers per provider and whether it holds a key for each (never the key itself).
import { listModelOptions } from '@/lib/agent/server/model-catalog';
import { guardRequest } from '@/lib/server/request-guard';
import { otherMethods } from '@/lib/server/method-not-allowed';

export async function GET(req: Request): Promise<Response> {
  return guardRequest(req, { json: false }) ?? Response.json(listModelOptions(), { headers: { 'Cache-Control': 'no-store' } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'HEAD']);
