/**
 * A shell over a fresh VirtualFS with real coreutils (just-bash) and a fake `node` whose first argument
 * says what to do, so pipes, exit codes and streaming can be observed without the runtime.
 */
import { VirtualFS } from 'almostnode';
import type { SecureFetch } from 'just-bash';
import { InputChannel, type CommandIO } from '@/lib/runtime-frame/offline/process';
import { createCoreutils } from '@/lib/runtime-frame/offline/shell/coreutils';
import type { Program, ShellHost } from '@/lib/runtime-frame/offline/shell/host';
import { runLine } from '@/lib/runtime-frame/offline/shell/interpreter';
import { createSession, type ShellSession } from '@/lib/runtime-frame/offline/shell/session';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ShellFixture {
  vfs: VirtualFS;
  session: ShellSession;
  host: ShellHost;
  /** What happened, in order: `out:` terminal output, `err:` error output, and the fake programs' own notes. */
  events: string[];
  nodeFiles: { path: string; args: string[] }[];
  /** Runs a line; resolves with the exit code and what it printed (stdout and stderr). */
  run(line: string, options?: { signal?: AbortSignal }): Promise<{ code: number; out: string; err: string }>;
}

/** The fake node: `node exit N`, `node print …`, `node err …`, `node env NAME`, `node cwd`, `node upper`, `node ticks N`, `node wait`. */
function fakeNode(events: string[]): Program {
  return async (args, io) => {
    const [mode, ...rest] = args;
    switch (mode) {
      case 'exit':
        return Number(rest[0]);
      case 'print':
        io.write(`${rest.join(' ')}\n`);
        return 0;
      case 'err':
        (io.writeError ?? io.write)(`${rest.join(' ')}\n`);
        return 1;
      case 'env':
        io.write(`${io.env[rest[0] ?? ''] ?? '(unset)'}\n`);
        return 0;
      case 'cwd':
        io.write(`${io.cwd}\n`);
        return 0;
      case 'upper':
        return new Promise((resolve) => {
          const stop = io.stdin.subscribe(
            (data) => io.write(data.toUpperCase()),
            () => {
              stop();
              resolve(0);
            },
          );
        });
      case 'ticks':
        for (let i = 0; i < Number(rest[0]); i++) {
          events.push(`produced ${i}`);
          io.write(`tick ${i}\n`);
          await sleep(30);
        }
        return 0;
      case 'wait':
        return new Promise((resolve) => io.signal.addEventListener('abort', () => resolve(130)));
      default:
        io.write(`node ${args.join(' ')}\n`);
        return 0;
    }
  };
}

export function shellFixture(options: { fetch?: SecureFetch } = {}): ShellFixture {
  const vfs = new VirtualFS();
  const events: string[] = [];
  const nodeFiles: { path: string; args: string[] }[] = [];
  const programs: Record<string, Program> = {
    node: fakeNode(events),
    npm: async (args, io) => (io.write(`npm ${args.join(' ')}\n`), 0),
  };
  const host: ShellHost = {
    vfs,
    programs,
    runNodeFile: async (path, args, io) => {
      nodeFiles.push({ path, args });
      io.write(`ran ${path}\n`);
      return 0;
    },
    coreutils: createCoreutils({ vfs, programs, fetch: options.fetch }),
  };
  // A machine whose home is the file system root keeps these shell tests' paths short; the runtime's own
  // layout (the workspace in /home/project) is tested where sessions are created with their defaults.
  const session = createSession({ cwd: '/', env: { HOME: '/' } });
  return {
    vfs,
    session,
    host,
    events,
    nodeFiles,
    run: async (line, { signal } = {}) => {
      let out = '';
      let err = '';
      const io: CommandIO = {
        cwd: session.cwd,
        env: session.env,
        signal: signal ?? new AbortController().signal,
        stdin: new InputChannel(),
        write: (text) => {
          if (text) events.push(`out:${text}`);
          out += text;
        },
        writeError: (text) => {
          if (text) events.push(`err:${text}`);
          err += text;
        },
      };
      const code = await runLine(line, session, io, host);
      return { code, out, err };
    },
  };
}
