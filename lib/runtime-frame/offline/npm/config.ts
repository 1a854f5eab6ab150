/**
 * npm's configuration for one command: the user's `.npmrc` (in $HOME), then the project's, then the command
 * line, later ones winning, as npm layers them. Every key that was set and that this runtime cannot act on is
 * reported in one `npm warn` line naming it; unknown keys get npm's own warning.
 *
 * Registries: the browser reaches packages only through the app's same-origin proxy, which forwards to the one
 * registry the server was set up with and to no other host. So a `registry=` naming another registry cannot be
 * honoured (it is reported, and packages still come from the proxy), and a scope mapped to its own registry
 * (`@corp:registry=`) makes installing that scope's packages fail: fetching a private scope's names from the
 * public registry instead could install someone else's package under that name.
 */
import type { VirtualFS } from 'almostnode';
import { parse as parseIni } from 'ini';
import { joinPath } from '../paths';
import { NpmError } from './errors';
import { isRegistryScopedKey, isScopeRegistryKey, OPTIONS, parseNpmArgs, type OptionValue } from './options';
import { findProjectDir } from './project';

/** npm's built-in registry: a project naming it asks for what the proxy serves by default. */
const DEFAULT_REGISTRY_HOST = 'registry.npmjs.org';

/** Values of keys this runtime cannot honour that are npm's defaults anyway, so setting them changes nothing. */
const NPM_DEFAULTS: Record<string, OptionValue> = {
  'bin-links': true,
  'strict-ssl': true,
  'install-links': false,
  offline: false,
  force: false,
  'strict-peer-deps': false,
  'engine-strict': false,
  'dry-run': false,
  'package-lock-only': false,
  'global-style': false,
  'legacy-bundling': false,
  'install-strategy': 'hoisted',
  'lockfile-version': '3',
  'always-auth': false,
  workspaces: false,
  'include-workspace-root': false,
  'save-bundle': false,
};

export interface NpmConfig {
  get(key: string): OptionValue | undefined;
  /** `true` only when the key is set to true (or `--key` was given). */
  flag(key: string): boolean;
  /** Words that are not options, and everything after `--`. */
  positionals: string[];
  /** Scopes mapped to a registry of their own, with where that was said. */
  scopeRegistries: Map<string, { url: string; where: string }>;
  /** One `npm warn …` line per setting that could not be honoured, and per unknown key. */
  warnings: string[];
}

type Layer = { where: string; kind: 'user' | 'project' | 'cli'; values: Map<string, OptionValue> };

function describe(layer: Layer, key: string): string {
  return layer.kind === 'cli' ? `--${key}` : `${key} (in ${layer.where})`;
}

function fromIniValue(key: string, value: unknown): OptionValue {
  const type = OPTIONS[key]?.type;
  if (type === 'list') return Array.isArray(value) ? value.map(String) : [String(value)];
  if (type === 'boolean') return value === true || value === 'true';
  return typeof value === 'boolean' ? value : String(value);
}

function readNpmrc(vfs: VirtualFS, path: string, kind: Layer['kind']): Layer | null {
  if (!vfs.existsSync(path)) return null;
  let text: string;
  try {
    text = vfs.readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const values = new Map<string, OptionValue>();
  for (const [key, value] of Object.entries(parseIni(text))) {
    // A section (`[foo]`) is not something npm reads either; it is reported as an unknown key.
    values.set(key, typeof value === 'object' && value !== null && !Array.isArray(value) ? String(value) : fromIniValue(key, value));
  }
  return { where: path, kind, values };
}

function registryHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

function warningsFor(layer: Layer): string[] {
  const out: string[] = [];
  for (const [key, value] of layer.values) {
    const spec = OPTIONS[key];
    if (isRegistryScopedKey(key)) {
      out.push(
        `npm warn config ${key} (in ${layer.where}) is not used: credentials and per-registry settings are never sent; the app's registry proxy fetches public packages only`,
      );
    } else if (isScopeRegistryKey(key)) {
      continue;
    } else if (!spec) {
      if (layer.kind === 'cli') continue;
      out.push(`npm warn Unknown ${layer.kind} config "${key}". This will stop working in the next major version of npm.`);
    } else if (key === 'registry') {
      const host = typeof value === 'string' ? registryHost(value) : null;
      if (host !== DEFAULT_REGISTRY_HOST) {
        out.push(
          `npm warn config ${describe(layer, key)} = ${String(value)} is not used: the browser reaches packages only through the app's registry proxy, which fetches from the registry the app's server is set up with`,
        );
      }
    } else if (spec.effect !== 'used' && spec.effect !== 'moot') {
      const fallback = NPM_DEFAULTS[key];
      if (fallback !== undefined && String(fallback) === String(value)) continue;
      out.push(`npm warn config ${describe(layer, key)} has no effect here: ${spec.effect}`);
    }
  }
  return out;
}

/** npm's configuration for a command run in `cwd` with these arguments (after the subcommand). */
export function loadNpmConfig(argv: readonly string[], vfs: VirtualFS, cwd: string, env: Record<string, string>): NpmConfig {
  const parsed = parseNpmArgs(argv);
  const home = env.HOME || '/';
  const userPath = joinPath(home, '.npmrc');
  const projectPath = joinPath(findProjectDir(vfs, cwd), '.npmrc');
  const layers: Layer[] = [];
  const user = readNpmrc(vfs, userPath, 'user');
  if (user) layers.push(user);
  if (projectPath !== userPath) {
    const project = readNpmrc(vfs, projectPath, 'project');
    if (project) layers.push(project);
  }
  layers.push({ where: 'the command line', kind: 'cli', values: parsed.values });

  const merged = new Map<string, OptionValue>();
  const scopeRegistries = new Map<string, { url: string; where: string }>();
  const warnings = parsed.unknown.map(
    (flag) => `npm warn Unknown cli config "${flag.replace(/=.*$/, '')}". This will stop working in the next major version of npm.`,
  );
  for (const layer of layers) {
    warnings.push(...warningsFor(layer));
    for (const [key, value] of layer.values) {
      merged.set(key, value);
      if (isScopeRegistryKey(key) && typeof value === 'string')
        scopeRegistries.set(key.slice(0, key.indexOf(':')), { url: value, where: describe(layer, key) });
    }
  }
  return {
    get: (key) => merged.get(key),
    flag: (key) => merged.get(key) === true,
    positionals: parsed.positionals,
    scopeRegistries,
    warnings,
  };
}

/** The error for a package whose scope the project maps to a registry this runtime cannot reach. */
export function scopeRegistryError(name: string, config: Pick<NpmConfig, 'scopeRegistries'>): NpmError | null {
  if (!name.startsWith('@')) return null;
  const entry = config.scopeRegistries.get(name.slice(0, name.indexOf('/')));
  if (!entry || registryHost(entry.url) === DEFAULT_REGISTRY_HOST) return null;
  return new NpmError(
    'EUNREACHABLEREGISTRY',
    `Cannot install ${name}: ${entry.where} says ${name.slice(0, name.indexOf('/'))} packages come from ${entry.url}, which this runtime cannot reach (the browser gets packages only through the app's registry proxy). Its packages are not fetched from another registry instead, since a package of the same name there could be someone else's.`,
  );
}
