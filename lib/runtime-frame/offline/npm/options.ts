/**
 * npm's configuration keys as this runtime sees them: their type (how the command line reads them) and what
 * happens when one is set. `used` keys are read by a command; `moot` keys ask for what the runtime does anyway
 * (it never runs install scripts, audits or asks for funding); the rest carry the sentence the user is shown
 * when they set one, because a setting npm would act on must never be dropped without a word.
 */
type OptionType = 'boolean' | 'string' | 'list';

interface OptionSpec {
  type: OptionType;
  /** 'used', 'moot', or why setting it changes nothing here. */
  effect: 'used' | 'moot' | string;
}

const NO_CACHE = "this runtime keeps no package cache; every package comes through the app's registry proxy";
const NO_AUTH = "credentials are never sent: the app's registry proxy fetches public packages only";
const NO_WORKSPACES = "workspaces are not supported by this runtime's npm";
const ONE_LAYOUT = "this runtime's npm always lays packages out as npm's default (hoisted) strategy does";

const used = (type: OptionType): OptionSpec => ({ type, effect: 'used' });
const moot = (type: OptionType): OptionSpec => ({ type, effect: 'moot' });
const unsupported = (type: OptionType, reason: string): OptionSpec => ({ type, effect: reason });

export const OPTIONS: Record<string, OptionSpec> = {
  // install and its saving rules
  save: used('boolean'),
  'save-dev': used('boolean'),
  'save-optional': used('boolean'),
  'save-peer': used('boolean'),
  'save-prod': used('boolean'),
  'save-exact': used('boolean'),
  'save-prefix': used('string'),
  omit: used('list'),
  include: used('list'),
  production: used('boolean'),
  only: used('string'),
  optional: used('boolean'),
  'legacy-peer-deps': used('boolean'),
  'package-lock': used('boolean'),
  global: used('boolean'),
  location: used('string'),
  registry: used('string'),
  // exec, init, run, ls, view
  yes: used('boolean'),
  package: used('list'),
  call: used('string'),
  'if-present': used('boolean'),
  silent: used('boolean'),
  depth: used('string'),
  all: used('boolean'),
  json: used('boolean'),
  usage: used('boolean'),
  long: used('boolean'),
  parseable: used('boolean'),
  'init-author-name': used('string'),
  'init-author-email': used('string'),
  'init-author-url': used('string'),
  'init-license': used('string'),
  'init-version': used('string'),
  'init-type': used('string'),
  // what the runtime does anyway
  audit: moot('boolean'),
  fund: moot('boolean'),
  progress: moot('boolean'),
  'ignore-scripts': moot('boolean'),
  'foreground-scripts': moot('boolean'),
  'update-notifier': moot('boolean'),
  color: moot('string'),
  unicode: moot('boolean'),
  loglevel: moot('string'),
  quiet: moot('boolean'),
  'prefer-offline': moot('boolean'),
  'prefer-online': moot('boolean'),
  'prefer-dedupe': moot('boolean'),
  'audit-level': moot('string'),
  timing: moot('boolean'),
  'fetch-retries': moot('string'),
  'fetch-timeout': moot('string'),
  maxsockets: moot('string'),
  // what it cannot do
  offline: unsupported('boolean', NO_CACHE),
  cache: unsupported('string', NO_CACHE),
  force: unsupported('boolean', 'peer conflicts never stop an install here (the conflicting peer gets its own copy), and there is nothing else to force'),
  'strict-peer-deps': unsupported('boolean', 'peer conflicts are reported as warnings here, and the conflicting peer gets its own copy'),
  'engine-strict': unsupported('boolean', "this runtime's npm does not check the engines field"),
  'dry-run': unsupported('boolean', "this runtime's npm has no dry-run mode"),
  'package-lock-only': unsupported('boolean', "this runtime's npm always writes node_modules with the lock"),
  'lockfile-version': unsupported('string', "this runtime's npm writes lockfileVersion 3 only"),
  'install-strategy': unsupported('string', ONE_LAYOUT),
  'global-style': unsupported('boolean', ONE_LAYOUT),
  'legacy-bundling': unsupported('boolean', ONE_LAYOUT),
  'install-links': unsupported('boolean', 'file: folders are always copied into node_modules here'),
  'bin-links': unsupported('boolean', "this runtime's npm always links package commands into node_modules/.bin"),
  'save-bundle': unsupported('boolean', 'bundled dependencies cannot be written here'),
  before: unsupported('string', "this runtime's npm picks versions by range and dist-tag only"),
  prefix: unsupported('string', 'npm works on the nearest folder with a package.json'),
  workspace: unsupported('list', NO_WORKSPACES),
  workspaces: unsupported('boolean', NO_WORKSPACES),
  'include-workspace-root': unsupported('boolean', NO_WORKSPACES),
  'script-shell': unsupported('string', "scripts always run in the terminal's own shell"),
  'node-options': unsupported('string', "Node options cannot be set for this runtime's node"),
  scope: unsupported('string', 'npm init does not name packages by scope here'),
  tag: unsupported('string', 'bare package names install the latest dist-tag here'),
  'https-proxy': unsupported('string', "the browser reaches the registry only through the app's registry proxy"),
  proxy: unsupported('string', "the browser reaches the registry only through the app's registry proxy"),
  'strict-ssl': unsupported('boolean', "the browser reaches the registry only through the app's registry proxy"),
  cafile: unsupported('string', "the browser reaches the registry only through the app's registry proxy"),
  'always-auth': unsupported('boolean', NO_AUTH),
  _auth: unsupported('string', NO_AUTH),
  _authToken: unsupported('string', NO_AUTH),
  email: unsupported('string', NO_AUTH),
  username: unsupported('string', NO_AUTH),
  _password: unsupported('string', NO_AUTH),
};

/** npm's one-letter (and a few word) abbreviations, expanded to the flags they stand for. */
const SHORTHANDS: Record<string, string[]> = {
  D: ['--save-dev'],
  E: ['--save-exact'],
  O: ['--save-optional'],
  P: ['--save-prod'],
  S: ['--save'],
  B: ['--save-bundle'],
  y: ['--yes'],
  g: ['--global'],
  a: ['--all'],
  f: ['--force'],
  s: ['--silent'],
  q: ['--quiet'],
  p: ['--package'],
  c: ['--call'],
  w: ['--workspace'],
  ws: ['--workspaces'],
  C: ['--prefix'],
  l: ['--long'],
  h: ['--usage'],
  d: ['--loglevel', 'info'],
  dd: ['--loglevel', 'verbose'],
  ddd: ['--loglevel', 'silly'],
  'no-save': ['--save=false'],
  'no-optional': ['--omit', 'optional'],
  'no-package-lock': ['--package-lock=false'],
  // npx's older spelling of --no
  'no-install': ['--yes=false'],
  no: ['--yes=false'],
};

/** Credentials and per-registry settings in `.npmrc`: `//host/path/:_authToken=…`. */
export function isRegistryScopedKey(key: string): boolean {
  return key.startsWith('//');
}

/** `@scope:registry`: where a scope's packages come from. */
export function isScopeRegistryKey(key: string): boolean {
  return /^@[^/:]+:registry$/.test(key);
}

export type OptionValue = string | boolean | string[];

interface ParsedArgs {
  /** Keys set on the command line, by npm's name for them. */
  values: Map<string, OptionValue>;
  /** Words that are not options, and everything after `--`. */
  positionals: string[];
  /** Flags npm does not know, as written (npm still accepts them, with a warning). */
  unknown: string[];
}

function assign(values: Map<string, OptionValue>, key: string, spec: OptionSpec | undefined, value: string | boolean): void {
  if (spec?.type === 'list') {
    const previous = values.get(key);
    values.set(key, [...(Array.isArray(previous) ? previous : []), String(value)]);
  } else {
    values.set(key, spec?.type === 'boolean' && typeof value === 'string' ? value !== 'false' : value);
  }
}

function expandShorthand(arg: string): string[] {
  const body = arg.replace(/^--?/, '');
  if (SHORTHANDS[body] && (arg.startsWith('--') ? body.length > 1 : true)) return SHORTHANDS[body] ?? [arg];
  // `-DE` is `-D -E`, as npm reads single-dash letters.
  if (!arg.startsWith('--') && body.length > 1 && [...body].every((letter) => SHORTHANDS[letter]))
    return [...body].flatMap((letter) => SHORTHANDS[letter] ?? []);
  return [arg];
}

/**
 * Reads argv the way npm's option parser does: `--key=value`, `--key value` for keys that take a value,
 * `--no-key`, one-letter abbreviations, and `--` ending the options. An unknown `--flag` is a boolean, so a
 * word after it stays a positional (npm does the same, which is why `npm create x --flag y` hands `y` but not
 * `--flag` to the initializer).
 */
export function parseNpmArgs(argv: readonly string[]): ParsedArgs {
  const parsed: ParsedArgs = { values: new Map(), positionals: [], unknown: [] };
  const queue = [...argv];
  while (queue.length) {
    const raw = queue.shift() as string;
    if (raw === '--') {
      parsed.positionals.push(...queue);
      break;
    }
    if (!raw.startsWith('-') || raw === '-') {
      parsed.positionals.push(raw);
      continue;
    }
    const expanded = expandShorthand(raw);
    if (expanded.length > 1 || expanded[0] !== raw) {
      queue.unshift(...expanded);
      continue;
    }
    const eq = raw.indexOf('=');
    let key = raw.replace(/^--?/, '').slice(0, eq === -1 ? undefined : eq - (raw.startsWith('--') ? 2 : 1));
    let value: string | boolean | undefined = eq === -1 ? undefined : raw.slice(eq + 1);
    if (key.startsWith('no-') && !OPTIONS[key] && value === undefined) {
      key = key.slice(3);
      value = false;
    }
    const spec = OPTIONS[key] ?? (isScopeRegistryKey(key) ? used('string') : undefined);
    if (!spec) parsed.unknown.push(raw);
    if (value === undefined) {
      const next = queue[0];
      if (spec && spec.type !== 'boolean' && next !== undefined && next !== '--') value = queue.shift() as string;
      else if (spec?.type === 'boolean' && (next === 'true' || next === 'false')) value = queue.shift() as string;
      else value = true;
    }
    assign(parsed.values, key, spec, value);
  }
  return parsed;
}

/** Whether a leading flag takes the next word as its value (`-p pkg`, `--package pkg`, `--loglevel x`). */
function takesValue(flag: string): boolean {
  if (flag.includes('=')) return false;
  const expanded = expandShorthand(flag);
  const last = expanded[expanded.length - 1] ?? flag;
  if (expanded.length > 1 && !expanded[expanded.length - 1]?.startsWith('-')) return false;
  const spec = OPTIONS[last.replace(/^--?/, '')];
  return spec !== undefined && spec.type !== 'boolean';
}

/**
 * `npx [options] <command> [args…]`: the options before the command are npm's, everything from the command on
 * is the command's own (npx hands `--flag` after the command to it, unlike other npm commands).
 */
export function splitAtCommand(argv: readonly string[]): { options: string[]; command: string[] } {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') return { options: argv.slice(0, i), command: argv.slice(i + 1) };
    if (!arg.startsWith('-')) return { options: argv.slice(0, i), command: argv.slice(i) };
    if (takesValue(arg)) i++;
  }
  return { options: [...argv], command: [] };
}
