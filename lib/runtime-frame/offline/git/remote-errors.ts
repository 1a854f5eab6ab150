/**
 * A failed exchange with a server, in git's words: "repository '…' not found", "Authentication failed for
 * '…'", "unable to access '…': …". The app's proxy refuses with a JSON `{ error }` body; its text is what the
 * user needs to read, so it is shown as the reason.
 */
import { Errors } from 'isomorphic-git';
import { errorMessage } from '../../../error-message';
import { GitFailure } from './repo';

/** The message a server put in its answer: a proxy's `{ error }`, or a short plain-text body. */
function serverMessage(body: unknown): { text: string; fromProxy: boolean } | null {
  if (typeof body !== 'string') return null;
  const text = body.trim();
  if (text === '') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const { error } = parsed as { error?: unknown };
      return typeof error === 'string' && error !== '' ? { text: error, fromProxy: true } : null;
    }
  } catch {
    // not JSON: a server's plain text, shown when it is short and not a web page
  }
  return text.length <= 300 && !text.startsWith('<') ? { text, fromProxy: false } : null;
}

const remoteLines = (text: string) =>
  text
    .split('\n')
    .map((line) => `remote: ${line}\n`)
    .join('');

function httpFailure(status: number, body: unknown, url: string): GitFailure {
  const said = serverMessage(body);
  if (said?.fromProxy) return new GitFailure(`fatal: unable to access '${url}': ${said.text}`, 128);
  // A 401's body is a login prompt's text; other refusals (403: no permission) usually say what is wrong.
  const prefix = said && status !== 401 ? remoteLines(said.text) : '';
  if (status === 401 || status === 403) return new GitFailure(`${prefix}fatal: Authentication failed for '${url}'`, 128);
  if (status === 404) return new GitFailure(`${prefix}fatal: repository '${url}' not found`, 128);
  return new GitFailure(`${prefix}fatal: unable to access '${url}': The requested URL returned error: ${status}`, 128);
}

/** True for errors raised by isomorphic-git itself (each carries its class name as `code`). */
function isGitError(error: unknown): boolean {
  const code: unknown = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code in Errors;
}

/**
 * `error` from a clone, fetch, pull or push against `url`, as git's failure; errors that are not about the
 * exchange (a broken repository, a bug) are returned unchanged for the caller to report.
 */
export function remoteFailure(error: unknown, url: string, signal: AbortSignal): unknown {
  if (error instanceof GitFailure) return error;
  if (signal.aborted) return new GitFailure('fatal: interrupted', 130);
  if (error instanceof Errors.HttpError) return httpFailure(error.data.statusCode, error.data.response, url);
  if (error instanceof Errors.UserCanceledError) return new GitFailure(`fatal: Authentication failed for '${url}'`, 128);
  if (error instanceof Errors.SmartHttpError) {
    return new GitFailure(`fatal: repository '${url}' not found (the server did not answer as a git server)`, 128);
  }
  if (error instanceof Errors.EmptyServerResponseError) return new GitFailure(`fatal: unable to access '${url}': Empty reply from server`, 128);
  if (error instanceof Errors.RemoteCapabilityError) {
    return new GitFailure(`fatal: the server does not support ${error.data.capability} (needed for --${error.data.parameter})`, 128);
  }
  if (error instanceof Errors.UrlParseError || error instanceof Errors.UnknownTransportError) {
    return new GitFailure(`fatal: unable to access '${url}': not a URL this terminal can reach`, 128);
  }
  if (isGitError(error)) return error;
  // Anything else was thrown by the page's HTTP client: the request never got an answer.
  return new GitFailure(`fatal: unable to access '${url}': ${errorMessage(error)}`, 128);
}
