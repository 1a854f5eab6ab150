// Same-origin npm registry proxy for the offline runtime's `npm install` (logic in lib/runtime/registry-proxy).
import { handleRegistryRequest } from '@/lib/runtime/registry-proxy';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleRegistryRequest(request);
}

export function HEAD(request: Request): Promise<Response> {
  return handleRegistryRequest(request);
}

export function OPTIONS(request: Request): Promise<Response> {
  return handleRegistryRequest(request);
}
