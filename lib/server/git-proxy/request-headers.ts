/**
 * The headers the proxy sends to a git host. Nothing of the browser's request passes by default: its cookies,
 * Origin, Referer and the like belong to the IDE's site, not to the git host. Only what git's protocol needs
 * is forwarded, each value checked first, plus a fixed User-Agent (some hosts answer a client that does not
 * look like git with a web page instead of the protocol).
 *
 * The user's credentials come as `X-Git-Authorization` and leave as `Authorization`. Not `Authorization`
 * itself: a browser fills that in on its own from its login prompt for the IDE's site, which is not a
 * credential for the git host. The value is only ever copied into the upstream request: never stored, never
 * logged, and every refusal here names the header, not its value.
 */
import { z } from 'zod';
import { GitProxyError } from './errors';
import type { GitService, GitTarget } from './target';

const GIT_AUTHORIZATION_HEADER = 'X-Git-Authorization';

const UPSTREAM_USER_AGENT = 'git/2.39 (tabsmith)';

const CREDENTIALS_PATTERN = /^(Basic|Bearer) [A-Za-z0-9+/=._~-]{1,4096}$/;

/** Media types and parameters, as an Accept header lists them; no control characters or quotes. */
const ACCEPT_PATTERN = /^[A-Za-z0-9!#$&^_.+*/=;, -]{1,512}$/;

/** `version=2`, `version=2:object-format=sha256`: colon-separated keys with optional values. */
const GIT_PROTOCOL_PATTERN = /^[A-Za-z0-9._-]{1,64}(?:=[A-Za-z0-9._-]{0,64})?(?::[A-Za-z0-9._-]{1,64}(?:=[A-Za-z0-9._-]{0,64})?){0,15}$/;

const REQUEST_CONTENT_TYPES = ['application/x-git-upload-pack-request', 'application/x-git-receive-pack-request'] as const;

/** The request headers the proxy reads, by their lowercase names; everything else is ignored. */
const requestHeadersSchema = z.object({
  'x-git-authorization': z
    .string()
    .regex(
      CREDENTIALS_PATTERN,
      `${GIT_AUTHORIZATION_HEADER} must be "Basic <base64 of user:token>" or "Bearer <token>" (letters, digits and +/=._~- only, at most 4096 characters).`,
    )
    .optional(),
  accept: z.string().regex(ACCEPT_PATTERN, 'Accept must be a plain list of media types.').optional(),
  'git-protocol': z.string().regex(GIT_PROTOCOL_PATTERN, 'Git-Protocol must be colon-separated key=value pairs, such as version=2.').optional(),
  'content-type': z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(REQUEST_CONTENT_TYPES, { message: `Content-Type must be ${REQUEST_CONTENT_TYPES.join(' or ')}.` }))
    .optional(),
  'content-encoding': z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['gzip', 'x-gzip', 'identity'], { message: 'Content-Encoding must be gzip, x-gzip or identity.' }))
    .optional(),
});

export interface UpstreamHeaders {
  headers: Record<string, string>;
  /** Whether the request carried credentials (decides the note on a 401 or 403). */
  hasCredentials: boolean;
}

function requestContentType(service: GitService): string {
  return `application/x-${service}-request`;
}

/**
 * The headers for the upstream request, or a 400 GitProxyError naming the header that is malformed. A POST's
 * Content-Type must be the one its endpoint takes; without one, that one is sent (the host accepts no other).
 */
export function upstreamHeaders(request: Request, target: GitTarget): UpstreamHeaders {
  const read = (name: keyof z.input<typeof requestHeadersSchema>) => request.headers.get(name) ?? undefined;
  const parsed = requestHeadersSchema.safeParse({
    'x-git-authorization': read('x-git-authorization'),
    accept: read('accept'),
    'git-protocol': read('git-protocol'),
    'content-type': read('content-type'),
    'content-encoding': read('content-encoding'),
  });
  if (!parsed.success) throw new GitProxyError(400, parsed.error.issues[0]?.message ?? 'A request header is malformed.');
  const values = parsed.data;

  const headers: Record<string, string> = { 'User-Agent': UPSTREAM_USER_AGENT };
  if (values['x-git-authorization'] !== undefined) headers.Authorization = values['x-git-authorization'];
  if (values.accept !== undefined) headers.Accept = values.accept;
  if (values['git-protocol'] !== undefined) headers['Git-Protocol'] = values['git-protocol'];
  if (target.endpoint !== 'info/refs') {
    const expected = requestContentType(target.service);
    const contentType = values['content-type'];
    if (contentType !== undefined && contentType !== expected) {
      throw new GitProxyError(400, `Content-Type ${contentType} does not fit ${target.endpoint}, which takes ${expected}.`);
    }
    headers['Content-Type'] = expected;
    if (values['content-encoding'] !== undefined) headers['Content-Encoding'] = values['content-encoding'];
  }
  return { headers, hasCredentials: values['x-git-authorization'] !== undefined };
}
