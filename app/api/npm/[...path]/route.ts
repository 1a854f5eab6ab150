// Same-origin npm registry proxy for the offline runtime's `npm install` (logic in lib/runtime/registry-proxy).
import { handleRegistryRequest } from '@/lib/runtime/registry-proxy';
import { guardRequest } from '@/lib/server/request-guard';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  return guardRequest(request, { json: false, allowRuntimeSite: true }) ?? handleRegistryRequest(request);
}

export async function HEAD(request: Request): Promise<Response> {
  return guardRequest(request, { json: false, allowRuntimeSite: true }) ?? handleRegistryRequest(request);
}

export function OPTIONS(request: Request): Promise<Response> {
  return handleRegistryRequest(request);
}
