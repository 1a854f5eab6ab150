/**
 * What the npm proxy answers when it cannot hand over a package: one sentence naming the package, the registry
 * and what went wrong (its HTTP status, or why it could not be reached). The npm client in the browser prints
 * the `error` of the JSON body as it is, so these sentences are what a person reads in the terminal.
 */
import { errorMessage } from '../error-message';

export class RegistryProxyError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RegistryProxyError';
  }
}

/** The registry as shown to people: credentials in its URL never reach a log or an answer. */
export function describeRegistry(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '(invalid URL)';
  }
}

/** What a package is in messages: its metadata, or one of its tarballs. */
export type RegistryItem = { name: string; file?: string };

function what(item: RegistryItem): string {
  return item.file ? `${item.file} (a tarball of ${item.name})` : item.name;
}

/** The registry answered, but not with the package. Keeps the registry's status: 404 stays 404. */
export function upstreamStatusError(registry: string, item: RegistryItem, response: Response): RegistryProxyError {
  const { status } = response;
  const label = `${status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const message =
    status === 404 && !item.file
      ? `Package ${item.name} was not found on the npm registry ${describeRegistry(registry)} (404).`
      : `The npm registry ${describeRegistry(registry)} answered ${label} for ${what(item)}.`;
  return new RegistryProxyError(status, message);
}

/** The registry did not answer at all within the proxy's wait. */
export function upstreamTimeoutError(registry: string, item: RegistryItem, timeoutMs: number): RegistryProxyError {
  const seconds = Number((timeoutMs / 1000).toFixed(1));
  return new RegistryProxyError(504, `The npm registry ${describeRegistry(registry)} did not answer within ${seconds} s for ${what(item)}.`);
}

// Node's fetch fails with "fetch failed" and puts the reason in `cause.code`.
const NETWORK_REASONS: Record<string, string> = {
  ENOTFOUND: 'its host name could not be resolved (DNS)',
  EAI_AGAIN: 'its host name could not be resolved right now (DNS)',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  EHOSTUNREACH: 'its host is unreachable',
  ENETUNREACH: 'the network is unreachable',
};

function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
  if (code && NETWORK_REASONS[code]) return `${NETWORK_REASONS[code]} (${code})`;
  if (cause instanceof Error) return cause.message;
  return errorMessage(error);
}

/** The registry could not be reached (DNS, refused, reset, TLS). */
export function upstreamNetworkError(registry: string, item: RegistryItem, error: unknown): RegistryProxyError {
  return new RegistryProxyError(502, `Could not reach the npm registry ${describeRegistry(registry)} for ${what(item)}: ${networkReason(error)}.`);
}
