/** Header bookkeeping shared by the http server and client: Node's joining rules and its coded errors. */

export function codedError(message: string, code: string, Kind: ErrorConstructor = Error): Error {
  return Object.assign(new Kind(message), { code });
}

/** Node drops repeats of these; set-cookie becomes an array; the rest are joined with ", ". */
const SINGLE = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

export function headersFromRaw(raw: readonly string[]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const value = raw[i + 1] as string;
    const existing = Object.hasOwn(headers, name) ? headers[name] : undefined;
    if (existing === undefined) headers[name] = name === 'set-cookie' ? [value] : value;
    else if (name === 'set-cookie') (existing as string[]).push(value);
    else if (name === 'cookie') headers[name] = `${existing as string}; ${value}`;
    else if (!SINGLE.has(name)) headers[name] = `${existing as string}, ${value}`;
  }
  return headers;
}

export function rawFromHeaders(headers: Record<string, string | string[] | undefined>): string[] {
  const raw: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) raw.push(name, String(one));
  }
  return raw;
}
