/**
 * What a network command hands isomorphic-git to reach one remote: the page's HTTP client (the runtime has no
 * network of its own), bound to the command's Ctrl-C; the URL without credentials; and auth callbacks that
 * give credentials only when the server asks for them.
 */
import type { AuthCallback, AuthFailureCallback, AuthSuccessCallback, GitAuth, HttpClient } from 'isomorphic-git';
import { forgetCredentials, recallCredentials, rememberCredentials } from './credentials';
import { secretsOf, splitCredentials } from './redact';
import type { Reporter } from './progress';
import { GitFailure, type GitSession } from './repo';

export interface Endpoint {
  /** The URL isomorphic-git requests and git stores: no user information. */
  url: string;
  /** The URL as messages show it ("From …", "To …", errors). */
  display: string;
  http: HttpClient;
  onAuth: AuthCallback;
  onAuthFailure: AuthFailureCallback;
  onAuthSuccess: AuthSuccessCallback;
}

/**
 * The URL without credentials; credentials it held are remembered for its host and masked in the output.
 * Used for every URL the user gives (clone, remote add/set-url) and every URL read from the config.
 */
export function acceptUrl(session: GitSession, raw: string): string {
  const { url, auth } = splitCredentials(raw.trim());
  if (auth) {
    rememberCredentials(session.vfs, url, auth);
    for (const secret of secretsOf(auth)) session.secrets.add(secret);
  }
  return url;
}

/** The page's client, each request tied to the command's signal so Ctrl-C stops a transfer. */
function boundClient(http: HttpClient, signal: AbortSignal): HttpClient {
  return {
    request: (request) => {
      if (signal.aborted) return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
      return http.request({ ...request, signal: request.signal ?? signal });
    },
  };
}

export function endpoint(session: GitSession, raw: string): Endpoint {
  const url = acceptUrl(session, raw);
  if (!/^https?:\/\//i.test(url)) {
    throw new GitFailure(`fatal: unable to access '${url}': only http:// and https:// remotes can be reached from this terminal`, 128);
  }
  if (!session.http) throw new GitFailure(`fatal: unable to access '${url}': this runtime has no network for git`, 128);
  const known = (): GitAuth | undefined => {
    const auth = recallCredentials(session.vfs, url);
    for (const secret of secretsOf(auth)) session.secrets.add(secret);
    return auth;
  };
  return {
    url,
    display: url,
    http: boundClient(session.http, session.io.signal),
    // Returning nothing makes isomorphic-git give up with the 401 rather than ask again.
    onAuth: () => known(),
    onAuthFailure: () => {
      forgetCredentials(session.vfs, url);
      return undefined;
    },
    onAuthSuccess: (_url, auth) => {
      if (auth.username || auth.password) rememberCredentials(session.vfs, url, auth);
    },
  };
}

/** What each of isomorphic-git's network calls (clone, fetch, push) takes from the endpoint and the progress reporter. */
export function remoteOptions(target: Endpoint, progress: Reporter) {
  return {
    http: target.http,
    url: target.url,
    onAuth: target.onAuth,
    onAuthFailure: target.onAuthFailure,
    onAuthSuccess: target.onAuthSuccess,
    onProgress: progress.onProgress,
    onMessage: progress.onMessage,
  };
}
