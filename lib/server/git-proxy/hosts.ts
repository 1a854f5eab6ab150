/**
 * The git hosts the proxy forwards to. Forwarding anywhere a URL names would make this server an open relay
 * into whatever it can reach (its own admin ports, a cloud metadata address), so only these hosts are served:
 * the public forges, over https, and whatever the operator adds with TABSMITH_GIT_HOSTS.
 *
 * TABSMITH_GIT_HOSTS is a comma-separated list; each entry is `host`, `host:port` (both https), or an origin
 * `http://host[:port]` / `https://host[:port]`. An entry that is none of these is an error naming it, never
 * silently dropped: an operator who typed a host expects it to work.
 */
import { z } from 'zod';

type Env = Record<string, string | undefined>;

export const GIT_HOSTS_VARIABLE = 'TABSMITH_GIT_HOSTS';

const BUILT_IN_GIT_HOSTS: readonly string[] = ['github.com', 'gitlab.com', 'codeberg.org', 'bitbucket.org'];

/** An optional scheme, a host name, IPv4 or bracketed IPv6 address, an optional port, nothing else. */
const ENTRY_PATTERN = /^(?:(https?):\/\/)?(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?\/?$/i;

/** Dot-separated labels of letters, digits and inner hyphens (an IPv4 address is such a name too). */
const HOST_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const ENTRY_EXAMPLES = 'git.example.com, git.example.com:8443, https://git.example.com, http://127.0.0.1:4990';

/** `host` is the key requests name (`host[:port]`, lowercase, no port when it is the scheme's default). */
function hostFromEntry(entry: string): { host: string; origin: string } | null {
  const match = ENTRY_PATTERN.exec(entry);
  if (!match) return null;
  const [, scheme = 'https', name = '', port] = match;
  if (!name.startsWith('[') && !HOST_NAME_PATTERN.test(name.toLowerCase())) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  try {
    const url = new URL(`${scheme.toLowerCase()}://${name}${port === undefined ? '' : `:${port}`}`);
    return { host: url.host, origin: url.origin };
  } catch {
    return null;
  }
}

/** One TABSMITH_GIT_HOSTS entry, as the host key requests name and the origin requests for it go to. */
const gitHostEntrySchema = z
  .string()
  .trim()
  .transform((entry, context) => {
    const host = hostFromEntry(entry);
    if (host) return host;
    context.addIssue({
      code: 'custom',
      message: `${JSON.stringify(entry.slice(0, 200))} is not a host, host:port or http(s) origin (examples: ${ENTRY_EXAMPLES})`,
    });
    return z.NEVER;
  });

export class GitHostsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitHostsConfigError';
  }
}

/** The entries of the setting: split on commas, blanks dropped (a trailing comma is not an entry). */
function settingEntries(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * The allowed hosts: host[:port] (lowercase) → origin (scheme://host[:port]). Throws GitHostsConfigError naming
 * every bad TABSMITH_GIT_HOSTS entry, and an entry that would give a host a second origin (`http://github.com`
 * would otherwise quietly downgrade the built-in https one).
 */
export function allowedGitHosts(env: Env = process.env): ReadonlyMap<string, string> {
  const hosts = new Map<string, string>(BUILT_IN_GIT_HOSTS.map((host) => [host, `https://${host}`]));
  const entries = settingEntries(env[GIT_HOSTS_VARIABLE]);
  const parsed = z.array(gitHostEntrySchema).safeParse(entries);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => issue.message).join('; ');
    throw new GitHostsConfigError(`${GIT_HOSTS_VARIABLE}: ${problems}.`);
  }
  parsed.data.forEach(({ host, origin }, index) => {
    const existing = hosts.get(host);
    if (existing !== undefined && existing !== origin) {
      const entry = JSON.stringify(entries[index]?.slice(0, 200));
      throw new GitHostsConfigError(
        `${GIT_HOSTS_VARIABLE}: ${entry} would make ${host} ${origin}, but it is already ${existing}; name each host once, with one scheme.`,
      );
    }
    hosts.set(host, origin);
  });
  return hosts;
}

/**
 * The origin for a host as a request names it, or null when it is not allowed. `github.com:443` is the
 * https host `github.com`: a client that spells out the default port means the same server.
 */
export function originForHost(hosts: ReadonlyMap<string, string>, requested: string): string | null {
  const key = requested.toLowerCase();
  const exact = hosts.get(key);
  if (exact !== undefined) return exact;
  const withPort = /^(.+):(\d{1,5})$/.exec(key);
  if (!withPort) return null;
  const origin = hosts.get(withPort[1] ?? '');
  if (origin === undefined) return null;
  const defaultPort = origin.startsWith('https:') ? 443 : 80;
  return Number(withPort[2]) === defaultPort ? origin : null;
}

/** "github.com, gitlab.com, …": the hosts as a refusal lists them. */
export function describeAllowedHosts(hosts: ReadonlyMap<string, string>): string {
  return [...hosts.keys()].join(', ');
}

/** One line for the server's start: which hosts git may reach, or what is wrong with the setting. */
export function reportGitHosts(env: Env = process.env): string {
  try {
    const hosts = allowedGitHosts(env);
    const line = `[tabsmith] git proxy hosts: ${describeAllowedHosts(hosts)} (operators add hosts with ${GIT_HOSTS_VARIABLE})`;
    console.log(line);
    return line;
  } catch (error) {
    const line = `[tabsmith] git proxy: ${error instanceof Error ? error.message : String(error)} Git over HTTP fails until it is fixed.`;
    console.error(line);
    return line;
  }
}
