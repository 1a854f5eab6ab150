/**
 * The host's answer as the browser receives it: its status and body as they are, and only the headers git's
 * protocol needs. The rest stays behind, Set-Cookie above all: a git host's cookie set on the IDE's origin
 * would be sent with every request to the IDE.
 */

/** The git host's authentication challenge, under a name the browser leaves alone (see gitProxyResponse). */
const UPSTREAM_CHALLENGE_HEADER = 'X-Git-WWW-Authenticate';

const PROXY_NOTE_HEADER = 'X-Git-Proxy-Note';

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * Media types passed through as they are: git's own, and the plain text or JSON hosts explain errors in. The
 * answer is served on the IDE's origin, so anything else (an HTML error page above all) goes out as bytes that
 * no browser renders as a page there.
 */
const PASSED_CONTENT_TYPE = /^(?:application\/x-git-[a-z-]+|text\/plain|application\/json)(?:\s*;\s*charset=[A-Za-z0-9._-]+)?$/i;

function contentType(upstream: string | null): string | null {
  if (upstream === null) return null;
  return PASSED_CONTENT_TYPE.test(upstream.trim()) ? upstream.trim() : 'application/octet-stream';
}

/** What a 401 or 403 means for the user, for a client that shows it next to the host's own words. */
function note(status: number, hasCredentials: boolean): string | null {
  if (status === 401) return hasCredentials ? 'the host refused the credentials' : 'the host asks for credentials';
  if (status === 403) {
    return hasCredentials ? 'the host refused the credentials, or they do not give access to this repository' : 'the host refuses access without credentials';
  }
  return null;
}

interface ProxiedAnswer {
  upstream: Response;
  /** The upstream body, already wrapped in the proxy's limit. */
  body: ReadableStream<Uint8Array> | null;
  hasCredentials: boolean;
  /** The credentials sent upstream: a header the host echoed them in is dropped, never passed back. */
  credentials?: string;
}

/**
 * The response for the browser. The host's `WWW-Authenticate` goes out as X-Git-WWW-Authenticate: on a
 * same-origin fetch answered 401 with a challenge, the browser shows its own login prompt for the IDE's site,
 * and what a user typed there would go to this server as `Authorization`, never to the git host. The 401
 * status and the note are what tell the client that credentials are needed.
 */
export function gitProxyResponse({ upstream, body, hasCredentials, credentials }: ProxiedAnswer): Response {
  const headers = new Headers();
  const set = (name: string, value: string | null) => {
    if (value === null) return;
    if (credentials !== undefined && value.includes(credentials.slice(credentials.indexOf(' ') + 1))) return;
    headers.set(name, value);
  };
  set('Content-Type', contentType(upstream.headers.get('content-type')));
  set('Cache-Control', upstream.headers.get('cache-control') ?? 'no-store');
  set(UPSTREAM_CHALLENGE_HEADER, upstream.headers.get('www-authenticate'));
  set(PROXY_NOTE_HEADER, note(upstream.status, hasCredentials));
  if (NULL_BODY_STATUSES.has(upstream.status)) {
    void body?.cancel().catch(() => undefined);
    return new Response(null, { status: upstream.status, headers });
  }
  return new Response(body, { status: upstream.status, statusText: upstream.statusText, headers });
}
