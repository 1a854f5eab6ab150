// Same-origin npm registry proxy for the offline runtime's `npm install` (logic in lib/server/registry-proxy;
// the upstream registry is chosen once per server in lib/server/npm-upstream).
import { handleRegistryRequest, type RegistryProxyOptions } from '@/lib/server/registry-proxy';
import { guardRequest } from '@/lib/server/request-guard';
import { otherMethods } from '@/lib/server/method-not-allowed';
import { serverUpstreamRegistry } from '@/lib/server/npm-upstream';

export const dynamic = 'force-dynamic';

const options: RegistryProxyOptions = { upstream: async () => (await serverUpstreamRegistry()).url };

export async function GET(request: Request): Promise<Response> {
  return guardRequest(request, { json: false, allowRuntimeSite: true }) ?? handleRegistryRequest(request, options);
}

export async function HEAD(request: Request): Promise<Response> {
  return guardRequest(request, { json: false, allowRuntimeSite: true }) ?? handleRegistryRequest(request, options);
}

export function OPTIONS(request: Request): Promise<Response> {
  return handleRegistryRequest(request, options);
}

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET', 'HEAD', 'OPTIONS']);
