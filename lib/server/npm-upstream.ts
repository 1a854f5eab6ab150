/**
 * Which registry the app's npm proxy forwards to, decided once when the server starts. In order:
 *   1. TABSMITH_NPM_REGISTRY, when set (an invalid value is an error, never silently replaced);
 *   2. what `npm config get registry` says (the user's .npmrc, npm_config_registry, a corporate mirror);
 *   3. npm's public default registry.
 * `npm start` does not hand its configuration to the server's environment (npm 11 keeps npm_config_* out of a
 * script's env), so asking npm itself is the only way to honour the user's setup with no configuration here.
 */
import { execFile } from 'node:child_process';
import { errorMessage } from '../error-message';
import { describeRegistry, RegistryProxyError } from './registry-proxy-errors';

type Env = Record<string, string | undefined>;

/** npm's built-in default, used when nothing else names a registry. */
export const NPM_PUBLIC_REGISTRY = 'https://registry.npmjs.org';

/** Asking npm starts a Node process; on a slow machine that is a second or two, never more than this. */
const NPM_CONFIG_TIMEOUT_MS = 5_000;

type UpstreamSource = 'TABSMITH_NPM_REGISTRY' | 'npm config' | 'default';

interface UpstreamRegistry {
  /** Base URL without a trailing slash. */
  url: string;
  source: UpstreamSource;
}

/** Returns npm's configured registry, or null when npm is not there, fails, or takes too long. */
type NpmConfigReader = () => Promise<string | null>;

/** An http(s) URL without trailing slashes, or null when the value is not one. */
function normalizeRegistryUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.href.replace(/\/+$/, '');
}

export async function chooseUpstreamRegistry(options: { env: Env; readNpmConfig: NpmConfigReader }): Promise<UpstreamRegistry> {
  const configured = options.env.TABSMITH_NPM_REGISTRY?.trim();
  if (configured) {
    const url = normalizeRegistryUrl(configured);
    if (!url) throw new RegistryProxyError(500, `TABSMITH_NPM_REGISTRY must be an http(s) URL, not ${JSON.stringify(configured.slice(0, 200))}.`);
    return { url, source: 'TABSMITH_NPM_REGISTRY' };
  }
  const fromNpm = await options.readNpmConfig().catch(() => null);
  const url = fromNpm ? normalizeRegistryUrl(fromNpm) : null;
  if (url) return { url, source: 'npm config' };
  return { url: NPM_PUBLIC_REGISTRY, source: 'default' };
}

/**
 * Runs `npm config get registry`. Where npm cannot be run, a package manager that did put npm_config_registry
 * into the environment (yarn and pnpm do) still counts as npm's configuration.
 */
export function npmConfigReader(env: Env = process.env, timeoutMs = NPM_CONFIG_TIMEOUT_MS): NpmConfigReader {
  return () =>
    new Promise((resolve) => {
      const fallback = env.npm_config_registry?.trim() || null;
      execFile(
        'npm',
        ['config', 'get', 'registry'],
        // npm is a .cmd script on Windows, which only a shell can start.
        {
          encoding: 'utf8',
          timeout: timeoutMs,
          env: { NODE_ENV: process.env.NODE_ENV, ...env, NO_UPDATE_NOTIFIER: '1' },
          shell: process.platform === 'win32',
          windowsHide: true,
        },
        (error, stdout) => {
          const value = stdout.trim();
          resolve(error || !value || value === 'undefined' ? fallback : value);
        },
      );
    });
}

const CACHE_KEY = Symbol.for('tabsmith.npmUpstream');
type CacheHolder = { [CACHE_KEY]?: Promise<UpstreamRegistry> };

/**
 * The server's upstream, resolved on first use and shared by the whole process: instrumentation and the route
 * handlers are separate bundles with separate module state, so the one promise lives on globalThis.
 */
export function serverUpstreamRegistry(): Promise<UpstreamRegistry> {
  const holder = globalThis as CacheHolder;
  holder[CACHE_KEY] ??= chooseUpstreamRegistry({ env: process.env, readNpmConfig: npmConfigReader() });
  return holder[CACHE_KEY];
}

/** One line at start-up saying where installs go and why, or what is wrong with the setting. */
export async function reportUpstreamRegistry(choose: () => Promise<UpstreamRegistry> = serverUpstreamRegistry): Promise<string> {
  try {
    const { url, source } = await choose();
    const why = source === 'default' ? "npm's default; set TABSMITH_NPM_REGISTRY to use another" : `from ${source}`;
    const line = `[tabsmith] npm registry for in-browser installs: ${describeRegistry(url)} (${why})`;
    console.log(line);
    return line;
  } catch (error) {
    const line = `[tabsmith] npm registry: ${errorMessage(error)} In-browser installs will fail until it is fixed.`;
    console.error(line);
    return line;
  }
}
