/** A terminal stand-in for the git tests: a fresh VirtualFS, and `git(...)` returning output and exit code. */
import { VirtualFS } from 'almostnode';
import { runGit } from '@/lib/runtime-frame/offline/git/cli';
import { InputChannel, type CommandIO } from '@/lib/runtime-frame/offline/process';

interface GitRun {
  code: number;
  out: string;
}

export function gitTerminal(options: { cwd?: string; env?: Record<string, string> } = {}) {
  const vfs = new VirtualFS();
  let cwd = options.cwd ?? '/';
  vfs.mkdirSync(cwd, { recursive: true });
  const git = async (...args: string[]): Promise<GitRun> => {
    let out = '';
    const io: CommandIO = {
      cwd,
      env: { NO_COLOR: '1', ...options.env },
      signal: new AbortController().signal,
      stdin: new InputChannel(),
      write: (text) => void (out += text),
    };
    const code = await runGit(args, io, { vfs });
    return { code, out };
  };
  return {
    vfs,
    git,
    cd: (path: string) => void (cwd = path),
    write: (path: string, text: string) => vfs.writeFileSync(path, text),
    read: (path: string) => vfs.readFileSync(path, 'utf8'),
  };
}

/** VirtualFS stamps files with Date.now(); git skips re-reading a file whose size and mtime did not change. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
