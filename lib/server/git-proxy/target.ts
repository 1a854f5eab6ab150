/**
 * What a proxy request asks for, read from its URL: `/api/git/<host[:port]>/<repo path>/<endpoint>`, where the
 * endpoint is one of git's smart HTTP endpoints and nothing else.
 *
 * The repository path is checked segment by segment on the raw (still percent-encoded) URL: every segment must
 * decode to one plain name, so no `..`, no encoded slash or backslash, no `;` (some servers read `..;` as
 * `..`), no empty segment. The upstream path is then rebuilt from the decoded names, so the host receives
 * exactly the path that was checked.
 */
import { z } from 'zod';
import { GitProxyError } from './errors';

const GIT_API_PREFIX = '/api/git/';

const GIT_SERVICES = ['git-upload-pack', 'git-receive-pack'] as const;
export type GitService = (typeof GIT_SERVICES)[number];

type GitEndpoint = 'info/refs' | GitService;

export interface GitTarget {
  /** The host as the request named it, lowercase: `github.com`, `127.0.0.1:4990`. */
  host: string;
  /** `/owner/repo.git`: each segment re-encoded from its checked name. */
  repoPath: string;
  endpoint: GitEndpoint;
  service: GitService;
}

/** Longer than any real repository path; a longer one is not a repository. */
const MAX_GIT_PATH_LENGTH = 1024;
const MAX_REPO_SEGMENTS = 32;

const SMART_HTTP_ONLY =
  "Only git's smart HTTP endpoints are served here: GET /api/git/<host>/<repo>/info/refs?service=git-upload-pack|git-receive-pack, " +
  'POST /api/git/<host>/<repo>/git-upload-pack and POST /api/git/<host>/<repo>/git-receive-pack.';

/** Host names, IPv4 and bracketed IPv6 addresses, with an optional port: what an allowlist key can be. */
const HOST_SEGMENT = /^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i;

/** Letters, digits, `._~@+-` and percent-escapes, raw; after decoding, the same characters or a space. */
const RAW_SEGMENT = /^(?:[A-Za-z0-9._~@+-]|%[0-9A-Fa-f]{2})+$/;
const NAME_SEGMENT = /^[A-Za-z0-9._~@+ -]+$/;

/** The query of an info/refs request: exactly one service, the smart protocol's. */
const infoRefsQuerySchema = z.object({ service: z.tuple([z.enum(GIT_SERVICES)]) });

function badPath(reason: string): GitProxyError {
  return new GitProxyError(400, `The repository path is not allowed: ${reason}.`);
}

function endpointOf(segments: readonly string[]): { endpoint: GitEndpoint; length: number } | null {
  const last = segments.at(-1);
  if (last === 'git-upload-pack' || last === 'git-receive-pack') return { endpoint: last, length: 1 };
  if (last === 'refs' && segments.at(-2) === 'info') return { endpoint: 'info/refs', length: 2 };
  return null;
}

/** One repository path segment as a checked name, or the reason it is refused. */
function segmentName(raw: string): string | GitProxyError {
  if (raw === '') return badPath('it has an empty segment (//, or a slash at its start or end)');
  if (!RAW_SEGMENT.test(raw)) return badPath('a segment has a character other than letters, digits, ._~@+- and percent-escapes');
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return badPath('a segment has a malformed percent-escape');
  }
  if (!NAME_SEGMENT.test(name)) return badPath('a segment encodes a slash, backslash, percent sign or another character no repository name has');
  if (/^\.+$/.test(name)) return badPath('it climbs out of the repository with a dot segment (. or ..)');
  return name;
}

function methodNotAllowed(endpoint: GitEndpoint, allowed: 'GET' | 'POST'): GitProxyError {
  return new GitProxyError(405, `${endpoint} answers ${allowed} only.`, { Allow: allowed });
}

/**
 * The target of a proxy request, from its method, its path (still percent-encoded) and its query. Throws
 * GitProxyError: 404 for anything but a smart HTTP endpoint, 414 for an over-long path, 400 for a malformed host
 * or repository path or query, 405 for the wrong method. Whether the host is allowed is the caller's decision.
 */
export function parseGitTarget(method: string, pathname: string, query: URLSearchParams): GitTarget {
  if (!pathname.startsWith(GIT_API_PREFIX)) throw new GitProxyError(404, SMART_HTTP_ONLY);
  const rest = pathname.slice(GIT_API_PREFIX.length);
  if (rest.length > MAX_GIT_PATH_LENGTH)
    throw new GitProxyError(414, `The path is longer than ${MAX_GIT_PATH_LENGTH} characters; no repository path is that long.`);
  if (rest.includes('\\')) throw badPath('it contains a backslash');
  const segments = rest.split('/');
  const found = endpointOf(segments);
  if (!found) throw new GitProxyError(404, SMART_HTTP_ONLY);

  const hostSegment = segments[0] ?? '';
  if (!HOST_SEGMENT.test(hostSegment))
    throw new GitProxyError(400, 'The first path segment must be a git host, as host or host:port (for example /api/git/github.com/owner/repo.git/…).');
  const repoSegments = segments.slice(1, segments.length - found.length);
  if (repoSegments.length === 0) throw badPath('no repository is named between the host and the endpoint');
  if (repoSegments.length > MAX_REPO_SEGMENTS) throw badPath(`it has more than ${MAX_REPO_SEGMENTS} segments`);
  const names: string[] = [];
  for (const raw of repoSegments) {
    const name = segmentName(raw);
    if (name instanceof GitProxyError) throw name;
    names.push(name);
  }

  const target = { host: hostSegment.toLowerCase(), repoPath: names.map((name) => `/${encodeURIComponent(name)}`).join('') };
  if (found.endpoint !== 'info/refs') {
    if (method !== 'POST') throw methodNotAllowed(found.endpoint, 'POST');
    return { ...target, endpoint: found.endpoint, service: found.endpoint };
  }
  if (method !== 'GET') throw methodNotAllowed('info/refs', 'GET');
  const service = infoRefsQuerySchema.safeParse({ service: query.getAll('service') });
  if (!service.success) {
    throw new GitProxyError(
      400,
      'info/refs needs exactly one ?service=git-upload-pack or ?service=git-receive-pack: only the smart HTTP protocol is served, not the dumb one.',
    );
  }
  return { ...target, endpoint: 'info/refs', service: service.data.service[0] };
}

/** The URL on the host: its origin, the checked repository path, the endpoint, and only the `service` query. */
export function upstreamUrl(origin: string, target: GitTarget): string {
  const query = target.endpoint === 'info/refs' ? `?service=${target.service}` : '';
  return `${origin}${target.repoPath}/${target.endpoint}${query}`;
}
