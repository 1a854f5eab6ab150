/** Where a command's output goes and where its input comes from, once redirects and pipes are applied. */
import type { VirtualFS } from 'almostnode';
import { dirname } from '../paths';
import { InputChannel } from '../process';

export type Sink = (text: string) => void;

/** Input that is already complete (a file, a here-string): delivered, then ended. */
export function endedInput(text: string): InputChannel {
  const channel = new InputChannel();
  channel.push(text);
  channel.end();
  return channel;
}

/** Everything a pipe delivers until its writer ends (or the line is aborted). */
export function readAll(channel: InputChannel, signal: AbortSignal): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const finish = () => {
      stop();
      signal.removeEventListener('abort', finish);
      resolve(text);
    };
    const stop = channel.subscribe((data) => void (text += data), finish);
    signal.addEventListener('abort', finish, { once: true });
  });
}

/** Special files a redirect may name. */
const DEV_NULL = '/dev/null';

export interface FileSink {
  write: Sink;
  /** Writes what is still held back; the command has finished. */
  close(): void;
}

const FLUSH_MS = 100;

/**
 * A file receiving output as it comes (`>` truncates it at once, `>>` keeps what is there), so a long-running
 * command's log grows in the workspace while it runs. Output is gathered for up to FLUSH_MS between writes:
 * the VFS rewrites a whole file per write, and a chatty command would otherwise copy its file per line.
 */
export function fileSink(vfs: VirtualFS, path: string, append: boolean): FileSink | { error: string } {
  if (path === DEV_NULL) return { write: () => {}, close: () => {} };
  if (!vfs.existsSync(dirname(path))) return { error: 'No such file or directory' };
  if (vfs.existsSync(path) && vfs.statSync(path).isDirectory()) return { error: 'Is a directory' };
  if (!append || !vfs.existsSync(path)) vfs.writeFileSync(path, '');
  let pending = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (pending === '') return;
    const before = vfs.existsSync(path) ? vfs.readFileSync(path) : new Uint8Array();
    const added = new TextEncoder().encode(pending);
    pending = '';
    const joined = new Uint8Array(before.length + added.length);
    joined.set(before);
    joined.set(added, before.length);
    vfs.writeFileSync(path, joined);
  };
  return {
    write: (text) => {
      pending += text;
      timer ??= setTimeout(flush, FLUSH_MS);
    },
    close: flush,
  };
}

/** Resolves with 'aborted' when the signal fires, for work that cannot be interrupted. */
export function whenAborted(signal: AbortSignal): Promise<'aborted'> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve('aborted');
    else signal.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
}
