/** git's front door: global options, the subcommand table, and failures turned into git's messages and codes. */
import { version } from 'isomorphic-git';
import { add } from './add';
import { branch, checkout, switchBranch } from './branch';
import type { GitDeps } from './deps';
import { clone } from './clone';
import { commit } from './commit';
import { config } from './config';
import { diff } from './diff';
import { fetch } from './fetch';
import { init } from './init';
import { log, show } from './log';
import { merge } from './merge';
import { pull } from './pull';
import { push } from './push';
import { redactingIO } from './redact';
import { remote } from './remote';
import { GitFailure, openSession, writeError, type GitSession } from './repo';
import { reset } from './reset';
import { restore } from './restore';
import { revParse } from './rev-parse';
import { rm } from './rm';
import { status } from './status';
import { tag } from './tag';
import { resolvePath } from '../paths';
import type { CommandIO } from '../process';
import { errorMessage } from '../../../error-message';

type Subcommand = (session: GitSession, args: readonly string[]) => Promise<number>;

const COMMANDS: Record<string, Subcommand> = {
  init,
  status,
  add,
  commit,
  log,
  show,
  diff,
  branch,
  checkout,
  switch: switchBranch,
  merge,
  restore,
  reset,
  rm,
  tag,
  'rev-parse': revParse,
  config,
  clone,
  remote,
  fetch,
  pull,
  push,
};

/** Commands that handle remote URLs: everything they print is cleared of credentials. */
const NETWORK = new Set(['clone', 'remote', 'fetch', 'pull', 'push']);

/** Real git commands this runtime has no counterpart for. */
const UNAVAILABLE = new Set(['rebase', 'stash', 'mv', 'cherry-pick', 'revert', 'blame', 'submodule']);

const USAGE = `usage: git [--version] [--help] [-C <path>] [--no-color] <command> [<args>]

Commands available in this terminal:
   init        Create an empty Git repository
   status      Show the working tree status
   add         Add file contents to the index
   commit      Record changes to the repository
   log         Show commit logs
   show        Show a commit and its changes
   diff        Show changes between the working tree, the index and commits
   branch      List, create or delete branches
   checkout    Switch branches or restore working tree files
   switch      Switch branches
   merge       Join another branch into the current one
   restore     Restore working tree files or unstage them
   reset       Unstage files, or move the branch to a commit (--soft, --mixed, --hard)
   rm          Remove files from the working tree and the index
   tag         List, create or delete tags
   rev-parse   Print commit ids and repository paths
   config      Get and set repository options
   clone       Clone a repository into a new directory
   remote      List, add, remove or change remotes
   fetch       Download objects and refs from a remote
   pull        Fetch from a remote and merge into the current branch
   push        Update a remote's branches with local commits
`;

interface Globals {
  cwd: string;
  color: boolean | undefined;
  rest: string[];
}

function readGlobals(args: readonly string[], cwd: string): Globals {
  const globals: Globals = { cwd, color: undefined, rest: [] };
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--no-color') globals.color = false;
    else if (arg === '--color' || arg === '--color=always') globals.color = true;
    else if (arg === '-C' && args[i + 1] !== undefined) globals.cwd = resolvePath(globals.cwd, args[++i] as string);
    else if (arg === '-c' && args[i + 1] !== undefined) i++;
    else break;
  }
  globals.rest = args.slice(i);
  return globals;
}

/** Colour flags may also come after the subcommand (`git diff --no-color`). */
function takeColorFlags(args: string[]): { args: string[]; color: boolean | undefined } {
  let color: boolean | undefined;
  const kept = args.filter((arg) => {
    if (arg === '--no-color' || arg === '--color=never') color = false;
    else if (arg === '--color' || arg === '--color=always') color = true;
    else return true;
    return false;
  });
  return { args: kept, color };
}

export async function main(argv: readonly string[], rawIO: CommandIO, deps: GitDeps): Promise<number> {
  const globals = readGlobals(argv, rawIO.cwd);
  const [name, ...rawArgs] = globals.rest;
  const secrets = new Set<string>();
  const io = name !== undefined && NETWORK.has(name) ? redactingIO(rawIO, secrets) : rawIO;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.write(USAGE);
    return name === undefined ? 1 : 0;
  }
  if (name === '--version' || name === 'version') {
    io.write(`git version ${version()} (isomorphic-git)\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    if (name.startsWith('-')) writeError(io, `unknown option: ${name}\n${USAGE.split('\n')[0]}\n`);
    else if (UNAVAILABLE.has(name)) writeError(io, `git: '${name}' is not available in this terminal. See 'git --help' for the commands it has.\n`);
    else writeError(io, `git: '${name}' is not a git command. See 'git --help'.\n`);
    return name.startsWith('-') ? 129 : 1;
  }
  const { args, color } = takeColorFlags(rawArgs);
  const session = openSession(deps.vfs, { ...io, cwd: globals.cwd }, color ?? globals.color, { http: deps.gitHttp, secrets });
  try {
    return await command(session, args);
  } catch (error) {
    if (error instanceof GitFailure) {
      writeError(io, `${error.message}\n`);
      return error.exitCode;
    }
    writeError(io, `fatal: ${errorMessage(error)}\n`);
    return 128;
  }
}
