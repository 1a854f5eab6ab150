/**
 * `npm run <script> [-- args]` (and `npm start` / `npm test`): runs the script with its pre/post hooks through
 * the shell, in the project folder, with every `node_modules/.bin` from there up on PATH and npm's
 * `npm_package_*` / `npm_lifecycle_*` variables, as npm does.
 */
import type { VirtualFS } from 'almostnode';
import { dirname, joinPath } from '../../paths';
import type { CommandIO } from '../../process';
import { formatNpmError } from '../errors';
import { findProjectDir, readPackageJson } from '../project';
import type { PackageJson } from '../schemas';

export const NPM_VERSION = '10.9.2';
/** What npm tells the commands it starts about itself (initializers read it to print `npm install`, not yarn's). */
export const NPM_USER_AGENT = `npm/${NPM_VERSION} tabsmith-offline`;
const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';

export interface ScriptRunner {
  /** Runs one shell command line (a script's body) and resolves with its exit code. */
  runCommandLine(line: string, io: CommandIO): Promise<number>;
}

function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** `<dir>/node_modules/.bin` for `dir` and each folder above it, nearest first. */
export function binPath(dir: string): string[] {
  const bins: string[] = [];
  for (let current = dir; ; current = dirname(current)) {
    bins.push(joinPath(current, 'node_modules/.bin'));
    if (current === '/') return bins;
  }
}

/** The environment npm gives a script. */
export function scriptEnv(base: Record<string, string>, dir: string, pkg: PackageJson, event: string, script: string, cwd: string): Record<string, string> {
  const env: Record<string, string> = {
    ...base,
    PATH: [...binPath(dir), base.PATH || DEFAULT_PATH].join(':'),
    INIT_CWD: cwd,
    npm_command: 'run-script',
    npm_lifecycle_event: event,
    npm_lifecycle_script: script,
    npm_package_json: joinPath(dir, 'package.json'),
    npm_package_name: pkg.name ?? '',
    npm_package_version: pkg.version ?? '',
    npm_config_user_agent: NPM_USER_AGENT,
  };
  return env;
}

function listScripts(scripts: Record<string, string>): string {
  const names = Object.keys(scripts);
  if (names.length === 0) return '';
  return `Scripts available via \`npm run\`:\n${names.map((name) => `  ${name}\n    ${scripts[name]}\n`).join('')}`;
}

export async function npmRun(script: string | undefined, rawArgs: readonly string[], io: CommandIO, deps: ScriptRunner & { vfs: VirtualFS }): Promise<number> {
  const dash = rawArgs.indexOf('--');
  const flags = dash === -1 ? rawArgs : rawArgs.slice(0, dash);
  const ifPresent = flags.includes('--if-present');
  const silent = flags.includes('--silent') || flags.includes('-s');
  const args = [...flags.filter((arg) => arg !== '--if-present' && arg !== '--silent' && arg !== '-s'), ...(dash === -1 ? [] : rawArgs.slice(dash + 1))];
  const dir = findProjectDir(deps.vfs, io.cwd);
  let pkg: PackageJson | null;
  try {
    pkg = readPackageJson(deps.vfs, dir);
  } catch (error) {
    io.write(formatNpmError(error));
    return 1;
  }
  if (!pkg) {
    io.write(`npm error code ENOENT\nnpm error Could not read package.json in ${dir}\n`);
    return 1;
  }
  const scripts = { ...pkg.scripts };
  if (script === 'start' && scripts.start === undefined && deps.vfs.existsSync(joinPath(dir, 'server.js'))) scripts.start = 'node server.js';
  if (!script) {
    io.write(listScripts(scripts));
    return 0;
  }
  const body = scripts[script];
  if (body === undefined) {
    if (ifPresent) return 0;
    io.write(`npm error Missing script: "${script}"\n`);
    const names = Object.keys(scripts);
    io.write(names.length ? `npm error Available scripts: ${names.join(', ')}\n` : 'npm error To see a list of scripts, run:\nnpm error   npm run\n');
    return 1;
  }
  const label = `${pkg.name ?? ''}@${pkg.version ?? ''}`;
  const steps: [string, string | undefined][] = [
    [`pre${script}`, scripts[`pre${script}`]],
    [script, args.length ? `${body} ${args.map(quoteArg).join(' ')}` : body],
    [`post${script}`, scripts[`post${script}`]],
  ];
  for (const [event, command] of steps) {
    if (command === undefined) continue;
    if (!silent) io.write(`\n> ${label} ${event}\n> ${command}\n\n`);
    const env = scriptEnv(io.env, dir, pkg, event, command, io.cwd);
    const code = await deps.runCommandLine(command, { ...io, cwd: dir, env });
    if (io.signal.aborted) return code || 130;
    if (code !== 0) return code;
  }
  return 0;
}
