/**
 * The git proxy's limits. A push of a large repository sends its whole packfile in one request, and a clone
 * receives one in one response; these bound what one exchange may cost the server.
 */
export interface GitProxyLimits {
  /** Largest request body (a push's packfile): 100 MB. */
  maxRequestBytes: number;
  /** Largest response body (a clone's packfile), counted as it streams through: 1 GB. */
  maxResponseBytes: number;
  /** The whole exchange, from reading the request to the last byte of the answer: 120 s. */
  timeoutMs: number;
  /** Redirects followed within the same origin; one more is a loop. */
  maxRedirects: number;
}

export const DEFAULT_GIT_PROXY_LIMITS: GitProxyLimits = {
  maxRequestBytes: 100 * 1024 * 1024,
  maxResponseBytes: 1024 * 1024 * 1024,
  timeoutMs: 120_000,
  maxRedirects: 5,
};

/** "100 MB", "1 GB", "512 KB": limits as people read them in error messages. */
export function describeBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 ** 3, 'GB'],
    [1024 ** 2, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

export function describeSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
