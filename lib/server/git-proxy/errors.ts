/**
 * The proxy's own answers when it does not hand over the host's: JSON `{ error }` with one sentence a person
 * can act on. None of them ever contains a request header's value, so a credential cannot leak through one.
 */
export class GitProxyError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'GitProxyError';
  }
}

export function jsonError(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers: { ...headers, 'Cache-Control': 'no-store' } });
}

export function errorResponse(error: GitProxyError): Response {
  return jsonError(error.status, error.message, error.headers);
}
