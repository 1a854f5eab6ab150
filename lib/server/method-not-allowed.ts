/**
 * Answers for the HTTP methods a route does not take. Next's own answer is a bare 405 with neither an `Allow`
 * header nor a reason, so every API route exports these for the methods it lacks: a 405 that names the methods
 * the route takes (header and sentence), and an OPTIONS that lists only those (Next's automatic OPTIONS would
 * also list these refusing handlers).
 */
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

type Handler = (request: Request) => Response;

function allowHeader(allowed: readonly HttpMethod[]): string {
  return [...new Set<HttpMethod>([...allowed, 'OPTIONS'])].join(', ');
}

function methodNotAllowed(allowed: readonly HttpMethod[]): Handler {
  return (request) => {
    const path = new URL(request.url).pathname;
    const error = `Method ${request.method} is not allowed: ${path} answers ${allowed.join(' and ')} only.`;
    return Response.json({ error }, { status: 405, headers: { Allow: allowHeader(allowed), 'Cache-Control': 'no-store' } });
  };
}

/** One handler per method, all refusing except OPTIONS; a route exports those it does not implement itself. */
export function otherMethods(allowed: readonly HttpMethod[]): Record<HttpMethod, Handler> {
  const refuse = methodNotAllowed(allowed);
  const options: Handler = () => new Response(null, { status: 204, headers: { Allow: allowHeader(allowed) } });
  return { GET: refuse, HEAD: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}
