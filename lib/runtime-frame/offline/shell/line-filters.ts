/**
 * Coreutils that work line by line (grep without counting or context, tr, sed with only s/// commands) do
 * not need their whole input: after a long-running command (`node server.js | grep GET`) they get each batch
 * of complete lines as it arrives, so their output streams like the rest of the pipe. Batches that arrive
 * while one is being filtered are joined into the next.
 */
import type { CommandIO } from '../process';
import type { Coreutils } from './host';

const GREPS = new Set(['grep', 'egrep', 'fgrep']);
/** grep options that need the whole input (counts, file lists, context, -m, NUL-separated data). */
const GREP_WHOLE_INPUT = /^--(?:count|files-with(?:out)?-match|quiet|silent|max-count|after-context|before-context|context|null-data)/;

function grepStreams(args: readonly string[]): boolean {
  let operands = 0;
  let patternOption = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      operands += args.length - i - 1;
      break;
    }
    if (arg.startsWith('--')) {
      if (GREP_WHOLE_INPUT.test(arg)) return false;
      if (/^--(?:regexp|file)/.test(arg)) {
        patternOption = true;
        if (!arg.includes('=')) i++;
      }
    } else if (arg.startsWith('-') && arg.length > 1) {
      const flags = /^-[^ef]*[ef]?/.exec(arg)?.[0] ?? arg;
      if (/[clLqmABCz]/.test(flags)) return false;
      if (/[ef]$/.test(flags)) {
        patternOption = true;
        if (flags === arg) i++;
      }
    } else {
      operands++;
    }
  }
  // Only when reading stdin: the pattern operand, and no files.
  return operands === (patternOption ? 0 : 1);
}

function sedStreams(args: readonly string[]): boolean {
  const scripts: string[] = [];
  let operands = 0;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-e' || arg === '--expression') scripts.push(args[++i] ?? '');
    else if (arg === '-E' || arg === '-r' || arg === '-n') continue;
    else if (arg.startsWith('-')) return false;
    else operands++;
  }
  if (scripts.length === 0 && operands === 1) scripts.push(args.find((arg) => !arg.startsWith('-')) ?? '');
  else if (operands > 0) return false;
  return scripts.length > 0 && scripts.every((script) => /^s(.)(?:(?!\1).|\\\1)*\1(?:(?!\1).|\\\1)*\1[gpI0-9]*$/.test(script));
}

/** Whether this coreutil gives the same result fed line batches as fed its whole input. */
export function filtersLines(argv: readonly string[]): boolean {
  const [name = '', ...args] = argv;
  if (GREPS.has(name)) return grepStreams(args);
  if (name === 'sed') return sedStreams(args);
  return name === 'tr';
}

/** Runs a line filter over its stdin batch by batch; grep's status says whether any batch matched. */
export function runLineFilter(argv: readonly string[], io: CommandIO, coreutils: Coreutils): Promise<number> {
  const isGrep = GREPS.has(argv[0] ?? '');
  const writeError = io.writeError ?? io.write;
  let partial = '';
  let queued: string | null = null;
  let busy: Promise<void> | null = null;
  let code: number | null = null;

  const filter = async (text: string) => {
    const result = await coreutils.run(argv, { cwd: io.cwd, env: io.env, stdin: text, signal: io.signal });
    io.write(result.stdout);
    writeError(result.stderr);
    if (!isGrep || code === null || result.exitCode === 0 || (result.exitCode > 1 && code !== 0)) code = result.exitCode;
  };
  const pump = () => {
    if (busy || queued === null) return;
    const text = queued;
    queued = null;
    busy = filter(text).finally(() => {
      busy = null;
      pump();
    });
  };
  const enqueue = (text: string) => {
    queued = (queued ?? '') + text;
    pump();
  };

  return new Promise<number>((resolve) => {
    const finish = async () => {
      stop();
      io.signal.removeEventListener('abort', finish);
      if (partial && !io.signal.aborted) enqueue(partial);
      // A filter that saw no input at all still answers (grep on nothing finds nothing).
      if (code === null && queued === null && !busy && !io.signal.aborted) enqueue('');
      while (busy) await busy;
      resolve(io.signal.aborted ? 130 : (code ?? 0));
    };
    const stop = io.stdin.subscribe(
      (data) => {
        partial += data;
        const end = partial.lastIndexOf('\n');
        if (end === -1) return;
        enqueue(partial.slice(0, end + 1));
        partial = partial.slice(end + 1);
      },
      () => void finish(),
    );
    io.signal.addEventListener('abort', finish, { once: true });
  });
}
