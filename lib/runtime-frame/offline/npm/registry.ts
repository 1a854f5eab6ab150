/**
 * The registry as this client sees it: packuments and tarballs, fetched through the app's same-origin proxy
 * (the browser cannot reach the registry itself). Failures become NpmErrors that carry the proxy's own
 * explanation (it answers with `{ "error": "…" }` or plain text), so the user sees why, not just a status.
 */
import { NpmError } from './errors';
import { createLimit } from './limit';
import { packumentSchema, type Packument } from './schemas';

interface TarballRequest {
  name: string;
  version: string;
  /** The `dist.tarball` or lock `resolved` URL; only its file name is used. */
  url?: string;
}

export interface Registry {
  packument(name: string): Promise<Packument>;
  tarball(request: TarballRequest): Promise<Uint8Array>;
}

const CORGI = 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8';
const MAX_REASON = 400;

/**
 * The proxy URL of a tarball. The file name comes from the packument or lock when it has the registry's usual
 * shape, so a lock written elsewhere (pointing at any registry host) still fetches through the proxy.
 */
export function tarballUrl(base: string, request: TarballRequest): string {
  const unscoped = request.name.slice(request.name.lastIndexOf('/') + 1);
  const file = request.url?.slice(request.url.lastIndexOf('/') + 1).split(/[?#]/)[0] ?? '';
  const safe = file.startsWith(`${unscoped}-`) && file.endsWith('.tgz') && !file.includes('%') ? file : `${unscoped}-${request.version}.tgz`;
  return `${base.replace(/\/+$/, '')}/${request.name}/-/${safe}`;
}

async function reasonOf(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).trim();
  if (!text) return response.statusText || `HTTP ${response.status}`;
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const message = body.error ?? body.message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // plain text answer: shown as it is
  }
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text;
}

interface HttpRegistryOptions {
  /** Absolute URL of the registry proxy, e.g. `${origin}/api/npm`. */
  base: string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Parallel requests; browsers open about six connections per host anyway. */
  concurrency?: number;
}

export function createHttpRegistry(options: HttpRegistryOptions): Registry {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const limit = createLimit(options.concurrency ?? 8);
  const packuments = new Map<string, Promise<Packument>>();
  const base = options.base.replace(/\/+$/, '');

  async function get(url: string, what: string, accept?: string): Promise<Response> {
    let response: Response;
    try {
      response = await limit(() => doFetch(url, { signal: options.signal, headers: accept ? { Accept: accept } : undefined }));
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new NpmError('ENETWORK', `Could not reach the registry proxy for ${what} (${url}): ${reason}`);
    }
    if (response.ok) return response;
    const reason = await reasonOf(response);
    if (response.status === 404) throw new NpmError('E404', `Not found: ${what} is not in the registry (404: ${reason})`);
    throw new NpmError(`E${response.status}`, `The registry proxy could not get ${what}: ${response.status} ${reason}`);
  }

  async function loadPackument(name: string): Promise<Packument> {
    const response = await get(`${base}/${name.replace('/', '%2f')}`, `the package ${name}`, CORGI);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new NpmError('EINVALIDRESPONSE', `The registry proxy's answer for ${name} is not JSON`);
    }
    const parsed = packumentSchema.safeParse(body);
    if (!parsed.success) throw new NpmError('EINVALIDRESPONSE', `The registry's metadata for ${name} is malformed: ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
  }

  return {
    packument(name) {
      let pending = packuments.get(name);
      if (!pending) {
        pending = loadPackument(name);
        packuments.set(name, pending);
        // A failed fetch is not remembered: a retry in the same install may succeed.
        pending.catch(() => packuments.delete(name));
      }
      return pending;
    },
    async tarball(request) {
      const response = await get(tarballUrl(base, request), `the tarball of ${request.name}@${request.version}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
