/**
 * Carries git's HTTP exchanges for the IDE page: to this app's git proxy (`/api/git/<host>/<path>`), which
 * reaches only the hosts the server allows. The user's token for the host is added here, and only here, as
 * `X-Git-Authorization`: for a request from the terminal only once the user has allowed its use (approvals.ts);
 * for one the user started in the IDE itself (importing a repository) at once. An `Authorization` the request
 * already carries (credentials the user typed into the URL) is passed on as it is.
 */
import { getSettings, loadSettings } from '@/lib/settings/settings-store';
import { approveTokenUse } from './approvals';
import { basicAuthorization, type GitCredential } from './credentials';
import { describeExchange, type GitHttpRequest, type GitHttpResponse } from './http-exchange';

const GIT_PROXY_PREFIX = '/api/git/';
const GIT_AUTHORIZATION_HEADER = 'X-Git-Authorization';

/** The request headers git's protocol needs, and nothing else the caller may have set. */
const FORWARDED = ['content-type', 'accept', 'git-protocol', 'content-encoding'];

interface CarryOptions {
  /** The user started this in the IDE (not a terminal command): their token needs no further approval. */
  userStarted: boolean;
  fetch?: typeof fetch;
  /** The saved tokens by host; the settings' by default. */
  credentials?: () => Promise<Record<string, GitCredential>>;
}

const savedCredentials = async () => (await loadSettings(), getSettings().gitTokens);

async function authorizationFor(request: GitHttpRequest, given: Record<string, string>, options: CarryOptions): Promise<string | undefined> {
  if (given.authorization) return given.authorization;
  const { host, repository, service } = describeExchange(request.url);
  const credential = (await (options.credentials ?? savedCredentials)())[host];
  if (!credential) return undefined;
  if (!options.userStarted && !(await approveTokenUse(host, repository, service === 'git-receive-pack'))) {
    throw new Error(`you did not allow the use of your ${host} token for ${repository}`);
  }
  return basicAuthorization(host, credential);
}

/** The proxy's own refusals are JSON `{ error }`: that sentence is what git shows as the reason. */
async function statusMessageOf(response: Response, body: Uint8Array): Promise<string> {
  if (response.ok || !(response.headers.get('content-type') ?? '').includes('application/json')) return response.statusText;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : response.statusText;
  } catch {
    return response.statusText;
  }
}

export async function carryGitExchange(request: GitHttpRequest, options: CarryOptions): Promise<GitHttpResponse> {
  const url = new URL(request.url);
  const given = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const headers = new Headers(FORWARDED.flatMap((name) => (given[name] ? [[name, given[name]] as [string, string]] : [])));
  const authorization = await authorizationFor(request, given, options);
  if (authorization) headers.set(GIT_AUTHORIZATION_HEADER, authorization);
  const response = await (options.fetch ?? fetch)(`${GIT_PROXY_PREFIX}${url.host}${url.pathname}${url.search}`, {
    method: request.method,
    headers,
    body: request.method === 'POST' && request.body ? new Blob([request.body as BlobPart]) : undefined,
    credentials: 'same-origin',
  });
  const body = new Uint8Array(await response.arrayBuffer());
  return {
    url: request.url,
    statusCode: response.status,
    statusMessage: await statusMessageOf(response, body),
    headers: Object.fromEntries([...response.headers].filter(([name]) => name !== 'set-cookie')),
    body,
  };
}
