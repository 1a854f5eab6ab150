/**
 * Runs one command line for spawn() and the shell. Plain commands the adapter understands better than
 * almostnode's bash (node, npm install, npm run/start/test, `a && b` chains of those) run here; anything
 * needing a real shell (pipes, redirects, globs, variables) goes to almostnode's bash as written.
 */
import type { VirtualFS } from 'almostnode';
import { parseNodeArgs, quoteWords, splitSimpleCommands } from './command-line';
import { runNode, type NodeDeps } from './node-exec';
import { runGit } from './git/cli';
import { runNpm, runNpx, type NpmDeps } from './npm/cli';
import { resolvePath } from './paths';
import type { CommandIO } from './process';

type RunResult = { stdout: string; stderr: string; exitCode: number };

export interface CommandDeps extends NodeDeps, NpmDeps {
  vfs: VirtualFS;
  /** almostnode's container.run: its bash with the node/npm commands. */
  bash(command: string, options: { cwd: string }): Promise<RunResult>;
}

function whenAborted(signal: AbortSignal): Promise<'aborted'> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve('aborted');
    else signal.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
}

async function runInBash(line: string, io: CommandIO, deps: CommandDeps): Promise<number> {
  // almostnode's bash returns output only at the end and cannot be cancelled: on abort we stop waiting.
  const result = await Promise.race([deps.bash(line, { cwd: io.cwd }), whenAborted(io.signal)]);
  if (result === 'aborted') return 130;
  io.write(result.stdout);
  io.write(result.stderr);
  return result.exitCode;
}

/** Runs one command given as argv (spawn's form, and each part of a simple command line). */
export async function runArgv(words: string[], io: CommandIO, deps: CommandDeps): Promise<number> {
  const env = { ...io.env };
  while (words.length > 1 && /^[A-Za-z_]\w*=/.test(words[0] as string)) {
    const assignment = words.shift() as string;
    const eq = assignment.indexOf('=');
    env[assignment.slice(0, eq)] = assignment.slice(eq + 1);
  }
  const [command, ...args] = words;
  const scoped = { ...io, env };
  if (command === 'node') return runNode(parseNodeArgs(args), scoped, deps);
  const npmDeps = { ...deps, runCommandLine: (line: string, scriptIo: CommandIO) => runCommandLine(line, scriptIo, deps) };
  if (command === 'npm') return runNpm(args, scoped, npmDeps);
  if (command === 'npx') return runNpx(args, scoped, npmDeps);
  if (command === 'git') return runGit(args, scoped, deps);
  return runInBash(quoteWords(words), scoped, deps);
}

export async function runCommandLine(line: string, io: CommandIO, deps: CommandDeps): Promise<number> {
  const commands = splitSimpleCommands(line);
  if (!commands) return runInBash(line, io, deps);
  let code = 0;
  for (const words of commands) {
    if (words[0] === 'cd') {
      // `cd dir && …` changes the folder for the rest of this line only, as in a subshell.
      const target = resolvePath(io.cwd, words[1] ?? '~');
      if (!deps.vfs.existsSync(target) || !deps.vfs.statSync(target).isDirectory()) {
        io.write(`cd: no such file or directory: ${words[1]}\n`);
        return 1;
      }
      io = { ...io, cwd: target };
      continue;
    }
    code = await runArgv([...words], io, deps);
    if (code !== 0 || io.signal.aborted) break;
  }
  return code;
}
