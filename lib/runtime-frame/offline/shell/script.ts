/**
 * Lines the interpreter does not read itself ($(…), if/for/while, functions, heredocs) run whole in
 * just-bash; afterwards its working folder and variables come back into the session, so `cd` and `export`
 * inside such a line persist like anywhere else.
 */
import type { CommandIO } from '../process';
import type { ShellHost } from './host';
import { unsetVariable, type ShellSession } from './session';
import { whenAborted } from './streams';

/** Variables just-bash keeps for itself. */
const OWN_VARIABLES = /^(?:\?|PWD|OLDPWD|SHELLOPTS|BASHOPTS|IFS|OPTIND|PPID|BASHPID|UID|EUID|RANDOM|SECONDS|LINENO|_|PIPESTATUS.*|BASH_.*|FUNCNAME.*)$/;

export async function runScript(line: string, session: ShellSession, io: CommandIO, host: ShellHost): Promise<number> {
  const before = { ...session.vars, ...session.env };
  const options = { cwd: session.cwd, env: before, stdin: '', signal: io.signal };
  const result = await Promise.race([host.coreutils.script(line, options), whenAborted(io.signal)]);
  if (result === 'aborted') return 130;
  io.write(result.stdout);
  (io.writeError ?? io.write)(result.stderr);
  const pwd = result.env.PWD;
  if (pwd && pwd !== session.cwd && host.vfs.existsSync(pwd) && host.vfs.statSync(pwd).isDirectory()) {
    session.previousCwd = session.cwd;
    session.cwd = pwd;
    session.env.PWD = pwd;
    session.env.OLDPWD = session.previousCwd;
  }
  for (const [name, value] of Object.entries(result.env)) {
    if (OWN_VARIABLES.test(name) || before[name] === value) continue;
    // just-bash does not say which variables were exported; a line that exports anything exports its new ones.
    if (name in session.env || line.includes('export')) session.env[name] = value;
    else session.vars[name] = value;
  }
  for (const name of Object.keys(before)) {
    if (OWN_VARIABLES.test(name) || name in result.env) continue;
    unsetVariable(session, name);
  }
  return result.exitCode;
}
