/**
 * Commands the shell runs itself, because they change the shell (cd, export, exit) or answer about it
 * (which, type, history). They write with \n; the terminal layer converts.
 */
import { resolvePath } from '../paths';
import type { CommandIO } from '../process';
import type { ShellHost } from './host';
import { BUILTIN_NAMES, resolveCommand } from './resolve';
import { unsetVariable, type ShellSession } from './session';
import { ASSIGNMENT } from './syntax';

export interface BuiltinContext {
  session: ShellSession;
  host: ShellHost;
  /** Runs argv as a command of this shell (for `env … cmd` and `command cmd`). */
  dispatch(argv: string[], io: CommandIO): Promise<number>;
  /** Runs shell text line by line in this session (for `source`). */
  runText(text: string, io: CommandIO): Promise<number>;
}

type Builtin = (args: string[], io: CommandIO, ctx: BuiltinContext) => number | Promise<number>;

export const CLEAR_SCREEN = '\x1b[2J\x1b[3J\x1b[H';

const HELP = `This terminal runs a shell of the runtime's own:
  a && b, a || b, a; b, a | b, a & b (the line waits for it), > >> < 2> 2>&1 &> redirects,
  NAME=value cmd, export, unset, $NAME \${NAME:-default} $? $$ ~, globs (* ? [..] **), cd (cd -), pwd,
  which, type, command -v, env, printenv, echo, history, clear, source, exit.
Programs: node, npm, npx, git; files in PATH (node_modules/.bin in npm scripts) and #!/usr/bin/env node scripts.
Coreutils (ls, cat, grep, sed, head, tail, wc, mkdir, rm, cp, mv, touch, find, sort, curl to this runtime's own
servers, …) come from just-bash. Lines with $(…), backticks, if/for/while/case, functions or heredocs run in
just-bash as a whole, where node, npm and git print their output when they finish.
`;

const errorOut = (io: CommandIO) => io.writeError ?? io.write;

function setCwd(session: ShellSession, target: string): void {
  session.previousCwd = session.cwd;
  session.cwd = target;
  session.env.OLDPWD = session.previousCwd;
  session.env.PWD = target;
}

const cd: Builtin = (args, io, { session, host }) => {
  const operands = args.filter((arg) => arg !== '-L' && arg !== '-P');
  if (operands.length > 1) {
    errorOut(io)('cd: too many arguments\n');
    return 1;
  }
  const [arg] = operands;
  if (arg === '-') {
    if (session.previousCwd === null) {
      errorOut(io)('cd: OLDPWD not set\n');
      return 1;
    }
    setCwd(session, session.previousCwd);
    io.write(`${session.cwd}\n`);
    return 0;
  }
  const target = resolvePath(session.cwd, arg === undefined || arg === '' ? session.env.HOME || '/' : arg);
  if (!host.vfs.existsSync(target)) {
    errorOut(io)(`cd: ${arg}: No such file or directory\n`);
    return 1;
  }
  if (!host.vfs.statSync(target).isDirectory()) {
    errorOut(io)(`cd: ${arg}: Not a directory\n`);
    return 1;
  }
  setCwd(session, target);
  return 0;
};

const quoteValue = (value: string) => `"${value.replace(/(["\\$`])/g, '\\$1')}"`;

const exportVars: Builtin = (args, io, { session }) => {
  const names = args.filter((arg) => !arg.startsWith('-'));
  if (names.length === 0) {
    const lines = Object.keys(session.env)
      .sort()
      .map((name) => `declare -x ${name}=${quoteValue(session.env[name] ?? '')}\n`);
    io.write(lines.join(''));
    return 0;
  }
  let code = 0;
  for (const arg of names) {
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (!/^[A-Za-z_]\w*$/.test(name)) {
      errorOut(io)(`export: \`${arg}': not a valid identifier\n`);
      code = 1;
      continue;
    }
    const value = eq === -1 ? session.vars[name] : arg.slice(eq + 1);
    Reflect.deleteProperty(session.vars, name);
    if (value !== undefined) session.env[name] = value;
  }
  return code;
};

const unset: Builtin = (args, _io, { session }) => {
  for (const name of args.filter((arg) => !arg.startsWith('-'))) unsetVariable(session, name);
  return 0;
};

function echoEscapes(text: string): { text: string; stop: boolean } {
  const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v', '\\': '\\' };
  let stop = false;
  const out = text.replace(/\\(c|0[0-7]{0,3}|x[0-9a-fA-F]{1,2}|.)/g, (match, code: string) => {
    if (stop) return '';
    if (code === 'c') {
      stop = true;
      return '';
    }
    if (code.startsWith('0')) return String.fromCharCode(parseInt(code.slice(1) || '0', 8));
    if (code.startsWith('x')) return String.fromCharCode(parseInt(code.slice(1), 16));
    return map[code] ?? match;
  });
  return { text: out, stop };
}

const echo: Builtin = (args, io) => {
  let newline = true;
  let escapes = false;
  let i = 0;
  for (; i < args.length && /^-[neE]+$/.test(args[i] as string); i++) {
    const flags = args[i] as string;
    if (flags.includes('n')) newline = false;
    if (flags.includes('e')) escapes = true;
    if (flags.includes('E')) escapes = false;
  }
  const joined = args.slice(i).join(' ');
  const { text, stop } = escapes ? echoEscapes(joined) : { text: joined, stop: false };
  io.write(text + (newline && !stop ? '\n' : ''));
  return 0;
};

/** How `type` and `command -V` describe a name; null when there is no such command. */
function describe(name: string, io: CommandIO, ctx: BuiltinContext): { path: string | null; text: string } | null {
  const found = resolveCommand(name, io.env, ctx.session.cwd, ctx.host);
  switch (found.kind) {
    case 'builtin':
      return { path: null, text: `${name} is a shell builtin` };
    case 'program':
    case 'coreutil':
    case 'file':
      return { path: found.path, text: `${name} is ${found.path}` };
    default:
      return null;
  }
}

const which: Builtin = (args, io, ctx) => {
  let code = args.length === 0 ? 1 : 0;
  for (const name of args.filter((arg) => !arg.startsWith('-'))) {
    const found = resolveCommand(name, io.env, ctx.session.cwd, ctx.host);
    // Builtins that also exist as programs (echo, pwd, true, …) are found at their system path, as in bash.
    const path = found.kind === 'builtin' ? (ctx.host.coreutils.has(name) ? `/usr/bin/${name}` : null) : found.kind === 'missing' ? null : found.path;
    if (path) io.write(`${path}\n`);
    else code = 1;
  }
  return code;
};

const type: Builtin = (args, io, ctx) => {
  let code = 0;
  for (const name of args.filter((arg) => !arg.startsWith('-'))) {
    const found = describe(name, io, ctx);
    if (found) io.write(`${found.text}\n`);
    else {
      errorOut(io)(`type: ${name}: not found\n`);
      code = 1;
    }
  }
  return code;
};

const command: Builtin = (args, io, ctx) => {
  const flag = args[0];
  if (flag === '-v' || flag === '-V') {
    let code = 0;
    for (const name of args.slice(1)) {
      const found = describe(name, io, ctx);
      if (!found) code = 1;
      else io.write(`${flag === '-V' ? found.text : (found.path ?? name)}\n`);
    }
    return code;
  }
  return args.length === 0 ? 0 : ctx.dispatch(args, io);
};

const listEnv = (vars: Record<string, string>) =>
  Object.entries(vars)
    .map(([name, value]) => `${name}=${value}\n`)
    .join('');

const env: Builtin = (args, io, ctx) => {
  const vars = args[0] === '-i' ? {} : { ...io.env };
  let i = args[0] === '-i' ? 1 : 0;
  for (; i < args.length && ASSIGNMENT.test(args[i] as string); i++) {
    const arg = args[i] as string;
    vars[arg.slice(0, arg.indexOf('='))] = arg.slice(arg.indexOf('=') + 1);
  }
  if (i < args.length) return ctx.dispatch(args.slice(i), { ...io, env: vars });
  io.write(listEnv(vars));
  return 0;
};

const printenv: Builtin = (args, io) => {
  if (args.length === 0) {
    io.write(listEnv(io.env));
    return 0;
  }
  let code = 0;
  for (const name of args) {
    const value = io.env[name];
    if (value === undefined) code = 1;
    else io.write(`${value}\n`);
  }
  return code;
};

const history: Builtin = (args, io, { session }) => {
  if (args[0] === '-c') {
    session.history.length = 0;
    return 0;
  }
  io.write(session.history.map((entry, i) => `${String(i + 1).padStart(5)}  ${entry}\n`).join(''));
  return 0;
};

const exit: Builtin = (args, io, { session }) => {
  const code = args[0] === undefined ? session.status : Number(args[0]);
  if (!Number.isInteger(code)) {
    errorOut(io)(`exit: ${args[0]}: numeric argument required\n`);
    session.exitCode = 2;
    return 2;
  }
  session.exitCode = code & 255;
  return session.exitCode;
};

const source: Builtin = (args, io, ctx) => {
  const [file] = args;
  if (file === undefined) {
    errorOut(io)('source: filename argument required\n');
    return 2;
  }
  const path = resolvePath(ctx.session.cwd, file);
  if (!ctx.host.vfs.existsSync(path) || ctx.host.vfs.statSync(path).isDirectory()) {
    errorOut(io)(`source: ${file}: No such file or directory\n`);
    return 1;
  }
  return ctx.runText(ctx.host.vfs.readFileSync(path, 'utf8'), io);
};

export const BUILTINS: Record<(typeof BUILTIN_NAMES)[number], Builtin> = {
  '.': source,
  ':': () => 0,
  cd,
  clear: (_args, io) => (io.write(CLEAR_SCREEN), 0),
  command,
  echo,
  env,
  exit,
  export: exportVars,
  false: () => 1,
  help: (_args, io) => (io.write(HELP), 0),
  history,
  printenv,
  pwd: (_args, io, { session }) => (io.write(`${session.cwd}\n`), 0),
  source,
  true: () => 0,
  type,
  unset,
  which,
};
