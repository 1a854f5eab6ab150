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
export const DEV_NULL = '/dev/null';

/**
 * A file receiving output as it comes (`>` truncates it at once, `>>` keeps what is there), so a long-running
 * command's log grows in the workspace while it runs.
 */
export function fileSink(vfs: VirtualFS, path: string, append: boolean): Sink | { error: string } {
  if (path === DEV_NULL) return () => {};
  if (!vfs.existsSync(dirname(path))) return { error: 'No such file or directory' };
  if (vfs.existsSync(path) && vfs.statSync(path).isDirectory()) return { error: 'Is a directory' };
  if (!append || !vfs.existsSync(path)) vfs.writeFileSync(path, '');
  const encoder = new TextEncoder();
  return (text) => {
    if (text === '') return;
    const before = vfs.readFileSync(path);
    const added = encoder.encode(text);
    const joined = new Uint8Array(before.length + added.length);
    joined.set(before);
    joined.set(added, before.length);
    vfs.writeFileSync(path, joined);
  };
}

/** Resolves with 'aborted' when the signal fires, for work that cannot be interrupted. */
export function whenAborted(signal: AbortSignal): Promise<'aborted'> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve('aborted');
    else signal.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
}
