/**
 * What a shell command line may do that a user would want to approve first: install or remove packages, use
 * the network, delete or discard files or history, or run something that cannot be read from the line
 * (eval, a command name in a variable). Read from the words of each simple command, with shell-quote's
 * tokens: `a && b; c | d` is three commands, `$( … )` and backticks are commands too, and wrappers such as
 * `sudo`, `env`, `xargs` or `sh -c "…"` are looked through. It judges the line, not the programs it starts:
 * `node script.js` may do anything, which is why the strictest policy asks before every command.
 */
import { parse } from 'shell-quote';

const COMMAND_RISKS = ['install', 'network', 'destructive', 'opaque'] as const;
export type CommandRisk = (typeof COMMAND_RISKS)[number];

export const RISK_TEXT: Record<CommandRisk, string> = {
  install: 'installs or removes packages',
  network: 'uses the network',
  destructive: 'deletes or discards files or history',
  opaque: 'runs a command that cannot be read from the line',
};

const PACKAGE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun', 'pip', 'pip3']);
const PACKAGE_CHANGES = new Set([
  'install',
  'i',
  'add',
  'ci',
  'update',
  'up',
  'upgrade',
  'uninstall',
  'un',
  'remove',
  'rm',
  'r',
  'unlink',
  'create',
  'init',
  'exec',
  'x',
  'dlx',
  'link',
]);
const PACKAGE_RUNNERS = new Set(['npx', 'bunx', 'pnpx']);
const NETWORK = new Set(['curl', 'wget', 'ssh', 'scp', 'rsync', 'nc', 'ncat', 'telnet', 'ftp', 'sftp']);
const DELETING = new Set(['rm', 'rmdir', 'unlink', 'shred', 'truncate', 'dd']);
const GIT_NETWORK = new Set(['clone', 'fetch', 'pull', 'push', 'ls-remote', 'submodule']);
const NPM_NETWORK = new Set(['publish', 'unpublish', 'login', 'adduser', 'deprecate', 'dist-tag', 'owner', 'access']);
/** Commands that run the rest of their words as another command. */
const WRAPPERS = new Set(['sudo', 'env', 'time', 'nice', 'nohup', 'command', 'exec', 'xargs', 'timeout', 'watch']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash']);
const OPAQUE = new Set(['eval', 'source', '.']);

type Token = ReturnType<typeof parse>[number];

/** The distinct risks of a command line, in COMMAND_RISKS order; empty when it only reads or builds. */
export function commandRisks(line: string): CommandRisk[] {
  const found = new Set<CommandRisk>();
  collect(line, found, 0);
  return COMMAND_RISKS.filter((risk) => found.has(risk));
}

function collect(line: string, found: Set<CommandRisk>, depth: number): void {
  if (depth > 4) {
    found.add('opaque');
    return;
  }
  // Backticks hold a command of their own: make them separators so their words start a command.
  const tokens = parse(line.replace(/`/g, ' ; '), (name) => `$${name}`);
  for (const words of simpleCommands(tokens)) judge(words, found, depth);
}

/** The words of each simple command; operators (; && || | & ( ) and redirections) separate them. */
function simpleCommands(tokens: Token[]): string[][] {
  const commands: string[][] = [];
  let current: string[] = [];
  let redirectTarget = false;
  for (const token of tokens) {
    if (typeof token === 'string') {
      if (redirectTarget) redirectTarget = false;
      else current.push(token);
      continue;
    }
    if ('op' in token && /^[<>]/.test(token.op) && token.op !== '<(') {
      redirectTarget = true;
      continue;
    }
    if ('comment' in token) break;
    if (current.length > 0) commands.push(current);
    current = [];
  }
  if (current.length > 0) commands.push(current);
  return commands;
}

function judge(words: string[], found: Set<CommandRisk>, depth: number): void {
  let i = 0;
  while (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i] ?? '')) i++;
  if (WRAPPERS.has(baseName(words[i] ?? ''))) {
    // A wrapper's options may take values (sudo -u user, timeout 5): the command it runs is the first word
    // after it that names one this module knows; none means nothing to judge.
    const start = words.findIndex((word, index) => index > i && isKnownCommand(baseName(word)));
    if (start !== -1) judge(words.slice(start), found, depth);
    return;
  }
  const name = baseName(words[i] ?? '');
  const args = words.slice(i + 1);
  if (name === '') return;
  if (name.startsWith('$') || OPAQUE.has(name)) found.add('opaque');
  else if (SHELLS.has(name)) {
    const script = args[args.indexOf('-c') + 1];
    if (args.includes('-c') && script !== undefined) collect(script, found, depth + 1);
    else if (args.length > 0) found.add('opaque');
  } else if (PACKAGE_RUNNERS.has(name)) found.add('install');
  else if (PACKAGE_MANAGERS.has(name)) judgePackageManager(name, args, found);
  else if (NETWORK.has(name)) found.add('network');
  else if (DELETING.has(name)) found.add('destructive');
  else if (name === 'git') judgeGit(args, found);
  else if (name === 'find' && args.some((arg) => arg === '-delete' || arg === '-exec' || arg === '-execdir')) found.add('destructive');
}

function judgePackageManager(name: string, args: string[], found: Set<CommandRisk>): void {
  const sub = args.find((arg) => !arg.startsWith('-'));
  // `yarn` alone installs; `npm` alone prints its help.
  if (sub === undefined) {
    if (name === 'yarn' || name === 'bun') found.add('install');
    return;
  }
  if (PACKAGE_CHANGES.has(sub)) found.add('install');
  else if (NPM_NETWORK.has(sub)) found.add('network');
}

function judgeGit(args: string[], found: Set<CommandRisk>): void {
  const sub = args.find((arg) => !arg.startsWith('-'));
  const rest = args.slice(args.indexOf(sub ?? '') + 1);
  if (sub === undefined) return;
  if (GIT_NETWORK.has(sub)) found.add('network');
  const discards =
    (sub === 'reset' && rest.includes('--hard')) ||
    sub === 'clean' ||
    sub === 'restore' ||
    (sub === 'checkout' && (rest.includes('--') || rest.includes('.') || rest.includes('-f') || rest.includes('--force'))) ||
    (sub === 'branch' && rest.some((arg) => arg === '-D' || arg === '-d' || arg === '--delete')) ||
    (sub === 'stash' && (rest[0] === 'drop' || rest[0] === 'clear')) ||
    (sub === 'push' && rest.some((arg) => arg === '-f' || arg === '--force' || arg.startsWith('--force-with-lease') || arg === '--delete')) ||
    sub === 'rm';
  if (discards) found.add('destructive');
}

function isKnownCommand(name: string): boolean {
  return [PACKAGE_MANAGERS, PACKAGE_RUNNERS, NETWORK, DELETING, SHELLS, OPAQUE].some((set) => set.has(name)) || name === 'git' || name === 'find';
}

/** `/usr/bin/rm` is `rm`; `./node_modules/.bin/x` is `x`. */
function baseName(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash === -1 ? word : word.slice(slash + 1);
}
