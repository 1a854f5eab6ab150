/**
 * Runs before every request (no matcher: static files included). It decides which site the request is for,
 * answers 404 for anything that site does not serve, answers preview pages no service worker has answered yet
 * (lib/server/preview-waiting-page.ts), and sets that site's security headers. Rendered pages of
 * the IDE get a fresh CSP nonce, which Next reads from the forwarded request's CSP header and puts on its
 * own inline scripts.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isServed, siteForRequest } from './lib/server/sites';
import { createNonce, isNonDocumentPath, securityHeaders } from './lib/server/security-headers';
import { isPreviewPagePath, previewWaitingResponse } from './lib/server/preview-waiting-page';

export function proxy(request: NextRequest): NextResponse {
  const site = siteForRequest(request);
  const { pathname } = request.nextUrl;
  const host = request.headers.get('host');
  if (!isServed(site, pathname)) {
    const notFound = new NextResponse('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    for (const [key, value] of Object.entries(securityHeaders({ site, pathname, host }))) notFound.headers.set(key, value);
    return notFound;
  }
  if (site === 'preview' && isPreviewPagePath(pathname)) {
    const waiting = previewWaitingResponse();
    const response = new NextResponse(waiting.body, { status: waiting.status, headers: waiting.headers });
    for (const [key, value] of Object.entries(securityHeaders({ site, pathname, host }))) response.headers.set(key, value);
    return response;
  }
  const nonce = site === 'ide' && !isNonDocumentPath(pathname) && !pathname.startsWith('/api/') ? createNonce() : undefined;
  const headers = securityHeaders({ site, pathname, nonce, host });
  const policy = headers['Content-Security-Policy'];
  const requestHeaders = new Headers(request.headers);
  if (nonce && policy) requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [key, value] of Object.entries(headers)) response.headers.set(key, value);
  return response;
}
