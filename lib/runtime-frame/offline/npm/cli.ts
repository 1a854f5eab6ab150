/**
 * The `npm` and `npx` commands of the offline runtime: one entry per command, dispatching on the subcommand.
 * Scripts (`npm run`) and package commands (`npx`, `npm exec`) run through the shell the caller passes in, so
 * they get its parsing, pipes and PATH lookup.
 */
import type { CommandIO } from '../process';
import { loadNpmConfig, type NpmConfig } from './config';
import { runExec } from './commands/exec';
import { runInit } from './commands/init';
import { runInstallCommand, runUninstall } from './commands/install';
import { runLs } from './commands/ls';
import { runRebuild } from './commands/rebuild';
import { NPM_VERSION, npmRun } from './commands/run';
import { runView } from './commands/view';
import type { NpmDeps } from './install';

export type { NpmDeps };

export interface NpmCliDeps extends NpmDeps {
  /** Runs one shell command line (a script's body, a package's bin) and resolves with its exit code. */
  runCommandLine(line: string, io: CommandIO): Promise<number>;
}

const USAGE = `npm <command>

Usage (in this runtime):
npm install [<pkg>[@<range>] …] [-D] [-E] [--no-save]
npm ci
npm uninstall <pkg> …
npm ls [<pkg>] [--depth=<n> | --all]
npm rebuild [<pkg> …]            (runs the install scripts npm install skipped)
npm run <script> [-- <args>]     (also npm start, npm test)
npm exec <cmd> [-- <args>]       (also npx <pkg>[@<version>] <args>)
npm view <pkg>[@<version>] [<field>]
npm init [-y]
npm init <initializer> [-- <args>] (also npm create <name>: runs create-<name>)
npm -v
`;

const ALIASES: Record<string, string> = {
  i: 'install',
  add: 'install',
  in: 'install',
  ins: 'install',
  isntall: 'install',
  'clean-install': 'ci',
  'install-clean': 'ci',
  un: 'uninstall',
  remove: 'uninstall',
  rm: 'uninstall',
  r: 'uninstall',
  unlink: 'uninstall',
  list: 'ls',
  ll: 'ls',
  la: 'ls',
  'run-script': 'run',
  rum: 'run',
  urn: 'run',
  t: 'test',
  tst: 'test',
  x: 'exec',
  rb: 'rebuild',
  info: 'view',
  show: 'view',
  v: 'view',
  create: 'init',
  innit: 'init',
};

/**
 * Options npm reads for a command that this runtime's version of it does not implement, with what happens
 * instead (keys listed as used in options.ts are used by some command, not necessarily by every one).
 */
const NOT_IMPLEMENTED: Record<string, Record<string, string>> = {
  ls: {
    json: 'npm ls prints its tree as text only here',
    parseable: 'npm ls prints its tree as text only here',
    long: 'npm ls prints names and versions only here',
    global: "there are no global packages here; the project's tree is listed",
    omit: 'npm ls lists every installed package here',
  },
  run: { 'ignore-scripts': 'pre and post scripts run with the script' },
  view: { global: 'npm view reads the registry; there is nothing global about it' },
};

function warnNotImplemented(sub: string, config: NpmConfig, io: CommandIO): void {
  for (const [key, reason] of Object.entries(NOT_IMPLEMENTED[sub] ?? {})) {
    const value = config.get(key);
    if (value !== undefined && value !== false) io.write(`npm warn config --${key} has no effect on npm ${sub} here: ${reason}\n`);
  }
}

/** `npm <subcommand> …`; resolves with the exit code. */
export async function runNpm(args: readonly string[], io: CommandIO, deps: NpmCliDeps): Promise<number> {
  const first = args.findIndex((arg) => !arg.startsWith('-'));
  const leading = first === -1 ? args : args.slice(0, first);
  if (leading.includes('-v') || leading.includes('--version')) {
    io.write(`${NPM_VERSION}\n`);
    return 0;
  }
  if (first === -1) {
    io.write(USAGE);
    return 1;
  }
  const raw = args[first] as string;
  const sub = ALIASES[raw] ?? raw;
  const rest = [...args.slice(0, first), ...args.slice(first + 1)];
  // npx-style commands read only the options before the command; every other one reads all of them.
  if (sub === 'exec') return runExec(rest, io, deps);
  const config = loadNpmConfig(rest, deps.vfs, io.cwd, io.env);
  for (const warning of config.warnings) io.write(`${warning}\n`);
  warnNotImplemented(['start', 'test', 'stop', 'restart'].includes(sub) ? 'run' : sub, config, io);
  const words = config.positionals;
  if (config.flag('usage')) {
    io.write(USAGE);
    return 0;
  }
  switch (sub) {
    case 'install':
      return runInstallCommand(config, false, io, deps);
    case 'ci':
      return runInstallCommand(config, true, io, deps);
    case 'uninstall':
      return runUninstall(config, io, deps);
    case 'ls': {
      const depth = config.get('depth');
      const all = raw === 'll' || raw === 'la' || config.flag('all');
      return runLs([...words, ...(all ? ['--all'] : []), ...(typeof depth === 'string' ? [`--depth=${depth}`] : [])], io, deps);
    }
    case 'run':
      return npmRun(words[0], scriptArgs(config, words.slice(1)), io, deps);
    case 'start':
    case 'test':
    case 'stop':
    case 'restart':
      return npmRun(sub, scriptArgs(config, words), io, deps);
    case 'rebuild':
      return runRebuild(words, io, deps);
    case 'view':
      return runView([...words, ...(config.flag('json') ? ['--json'] : [])], io, deps);
    case 'init':
      return runInit(config, io, deps);
    case 'version':
      io.write(`{ npm: '${NPM_VERSION}' }\n`);
      return 0;
    case 'help':
      io.write(USAGE);
      return 0;
    default:
      io.write(`npm error Unknown command: "${raw}"\n\nTo see a list of supported npm commands, run:\n  npm help\n`);
      return 1;
  }
}

/** A script's arguments with the run options npm read, in the form npmRun takes. */
function scriptArgs(config: NpmConfig, args: readonly string[]): string[] {
  return [...(config.flag('if-present') ? ['--if-present'] : []), ...(config.flag('silent') ? ['--silent'] : []), '--', ...args];
}

/** `npx <package>[@version] [args…]`; resolves with the exit code. */
export async function runNpx(args: readonly string[], io: CommandIO, deps: NpmCliDeps): Promise<number> {
  if (args.length === 1 && (args[0] === '-v' || args[0] === '--version')) {
    io.write(`${NPM_VERSION}\n`);
    return 0;
  }
  return runExec(args, io, deps);
}
