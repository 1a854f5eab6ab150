/** Runs a command line in the offline runtime's shell over an in-memory workspace, collecting what it writes. */
import { createShell } from '@/lib/runtime-frame/offline/commands';
import { InputChannel } from '@/lib/runtime-frame/offline/process';
import { nodeDeps, workspace } from './node-run-helpers';

export async function runShellLine(files: Record<string, string>, line = 'node /main.js'): Promise<{ code: number; out: string }> {
  const shell = createShell({ ...nodeDeps(workspace(files)), registry: 'http://registry.invalid' });
  let out = '';
  const code = await shell.runLine(line, {
    cwd: '/',
    env: { PATH: '/node_modules/.bin:/usr/bin' },
    signal: new AbortController().signal,
    stdin: new InputChannel(),
    write: (text) => void (out += text),
  });
  return { code, out };
}
