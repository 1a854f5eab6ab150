/**
 * A command's redirects applied in order, as bash does (`2>&1 > f` sends errors to the terminal, `> f 2>&1`
 * both to f): where its output, error output and input end up.
 */
import type { VirtualFS } from 'almostnode';
import type { CommandIO } from '../process';
import { expandPath, expandText } from './expand';
import type { ShellSession } from './session';
import { endedInput, fileSink, type FileSink, type Sink } from './streams';
import type { Redirect } from './syntax';

interface Redirected {
  io: CommandIO;
  /** stdin is a file (or the pipe it already was), not the terminal. */
  stdinIsData: boolean;
  /** Flushes the files written; the command has finished. */
  close(): void;
}

export function applyRedirects(redirects: readonly Redirect[], io: CommandIO, session: ShellSession, vfs: VirtualFS): Redirected | { error: string } {
  let out: Sink = io.write;
  let err: Sink = io.writeError ?? io.write;
  let stdin = io.stdin;
  let stdinIsData = false;
  const files: FileSink[] = [];
  const close = () => files.forEach((file) => file.close());
  for (const redirect of redirects) {
    if (redirect.kind === 'dup') {
      if (redirect.fd === 2) err = out;
      else out = err;
      continue;
    }
    const shown = expandText(redirect.target.text, session);
    const path = expandPath(redirect.target, session);
    if (redirect.mode === 'read') {
      if (!vfs.existsSync(path) || vfs.statSync(path).isDirectory()) {
        close();
        return { error: `bash: ${shown}: No such file or directory\n` };
      }
      stdin = endedInput(vfs.readFileSync(path, 'utf8'));
      stdinIsData = true;
      continue;
    }
    let sink: Sink;
    if (shown === '/dev/stdout') sink = io.write;
    else if (shown === '/dev/stderr') sink = io.writeError ?? io.write;
    else {
      const file = fileSink(vfs, path, redirect.mode === 'append');
      if ('error' in file) {
        close();
        return { error: `bash: ${shown}: ${file.error}\n` };
      }
      files.push(file);
      sink = file.write;
    }
    if (redirect.fd !== 2) out = sink;
    if (redirect.fd !== 1) err = sink;
  }
  const stdoutIsTerminal = out === io.write ? io.stdoutIsTerminal : false;
  const stderrIsTerminal = err === io.write ? io.stdoutIsTerminal : err === io.writeError ? io.stderrIsTerminal : false;
  // Bytes go on as bytes only where output still goes where it went; a file takes text.
  const writeBytes = out === io.write ? io.writeBytes : undefined;
  return { io: { ...io, stdin, write: out, writeBytes, writeError: err, stdoutIsTerminal, stderrIsTerminal }, stdinIsData, close };
}
