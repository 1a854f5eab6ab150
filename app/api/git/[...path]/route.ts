// Same-origin proxy for git's smart HTTP protocol: browsers cannot reach git hosts themselves (no CORS there),
// so the IDE's clone, fetch, pull and push go through here to an allowlisted host. Logic in lib/server/git-proxy.
import { handleGitProxy } from '@/lib/server/git-proxy/handler';
import { guardRequest } from '@/lib/server/request-guard';
import { otherMethods } from '@/lib/server/method-not-allowed';

export const dynamic = 'force-dynamic';

// The proxy ends an exchange itself after 120 s with a 504 that says why; the platform's cut must come later.
export const maxDuration = 130;

// Bodies are git's binary packets, not JSON: the guard checks only that the request comes from the IDE's pages.
export async function GET(request: Request): Promise<Response> {
  return guardRequest(request, { json: false }) ?? handleGitProxy(request);
}

export async function POST(request: Request): Promise<Response> {
  return guardRequest(request, { json: false }) ?? handleGitProxy(request);
}

export const { HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
