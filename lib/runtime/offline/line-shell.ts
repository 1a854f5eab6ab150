/**
 * A small interactive shell with its own line discipline, because almostnode only offers `run(command)`:
 * it echoes keystrokes, edits the line (Backspace, ←/→, Home/End, Ctrl+U), keeps history (↑/↓), runs the line
 * on Enter, aborts the running command on Ctrl+C, clears on Ctrl+L, and keeps `cd` between commands.
 * While a command runs, keystrokes go to it. It knows nothing about almostnode, so it is tested without a browser.
 */
import { displayPath, resolvePath } from './paths';
import { InputChannel, toTerminal, type CommandIO } from './process';
import { errorMessage } from '../../error-message';

export interface LineShellHost {
  /** Runs one command line; resolves with its exit code (130 once aborted). */
  run(line: string, io: CommandIO): Promise<number>;
  /** Whether the workspace path is an existing folder (for `cd`). */
  isDirectory(path: string): boolean;
}

export interface LineShellOptions {
  host: LineShellHost;
  /** Receives terminal-ready text (\r\n line endings, ANSI). */
  output(text: string): void;
  onExit(code: number): void;
  cwd?: string;
  env?: Record<string, string>;
  banner?: string;
  /** Earlier command lines, oldest first, recalled with ↑ (a restored workspace's last command). */
  history?: readonly string[];
}

const CLEAR_SCREEN = '\x1b[2J\x1b[3J\x1b[H';
// eslint-disable-next-line no-control-regex -- terminal input is made of control characters
const ESCAPE_SEQUENCE = /^\x1b(?:\[[0-9;?]*[A-Za-z~]|O[A-Za-z])/;

/** Splits terminal input into keys: escape sequences stay whole, everything else is one character. */
export function splitKeys(data: string): string[] {
  const keys: string[] = [];
  let i = 0;
  while (i < data.length) {
    const sequence = data[i] === '\x1b' ? ESCAPE_SEQUENCE.exec(data.slice(i))?.[0] : undefined;
    const key = sequence ?? (data[i] as string);
    keys.push(key);
    i += key.length;
  }
  return keys;
}

export function promptFor(cwd: string): string {
  return `\x1b[1;34m${displayPath(cwd)}\x1b[0m $ `;
}

export class LineShell {
  cwd: string;
  private line = '';
  private cursor = 0;
  private readonly history: string[] = [];
  private historyIndex = 0;
  private running: { controller: AbortController; stdin: InputChannel } | null = null;
  private exited = false;
  private readonly env: Record<string, string>;

  constructor(private readonly options: LineShellOptions) {
    this.cwd = options.cwd ?? '/';
    this.env = options.env ?? {};
    this.history.push(...(options.history ?? []));
    this.historyIndex = this.history.length;
    if (options.banner) this.options.output(toTerminal(options.banner));
    this.prompt();
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** Feeds keystrokes (as xterm's onData delivers them). */
  input(data: string): void {
    for (const key of splitKeys(data)) {
      if (this.exited) return;
      if (this.running) this.inputWhileRunning(key);
      else this.editKey(key);
    }
  }

  /** Aborts the running command, if any (Ctrl+C does the same). */
  interrupt(): void {
    if (!this.running) return;
    this.options.output('^C\r\n');
    this.running.controller.abort();
  }

  /** Ends the shell: aborts what runs and reports the exit. */
  close(code = 0): void {
    if (this.exited) return;
    this.running?.controller.abort();
    this.exited = true;
    this.options.onExit(code);
  }

  private inputWhileRunning(key: string): void {
    const running = this.running;
    if (!running) return;
    if (key === '\x03') {
      this.interrupt();
      return;
    }
    // Cooked-mode echo, as a pty would do for a program reading stdin.
    if (key === '\r') this.options.output('\r\n');
    else if (key >= ' ' && key !== '\x7f') this.options.output(key);
    running.stdin.push(key === '\r' ? '\n' : key);
  }

  private editKey(key: string): void {
    switch (key) {
      case '\r':
      case '\n':
        this.submit();
        return;
      case '\x7f':
      case '\b':
        if (this.cursor === 0) return;
        this.line = this.line.slice(0, this.cursor - 1) + this.line.slice(this.cursor);
        this.cursor--;
        if (this.cursor === this.line.length) this.options.output('\b \b');
        else this.redraw();
        return;
      case '\x03':
        this.options.output('^C\r\n');
        this.setLine('');
        this.prompt();
        return;
      case '\x0c':
        this.options.output(CLEAR_SCREEN);
        this.redraw();
        return;
      case '\x04':
        if (this.line === '') this.close(0);
        return;
      case '\x15':
        this.setLine('');
        this.redraw();
        return;
      case '\x1b[A':
        this.recall(-1);
        return;
      case '\x1b[B':
        this.recall(1);
        return;
      case '\x1b[D':
        if (this.cursor > 0) {
          this.cursor--;
          this.options.output('\x1b[D');
        }
        return;
      case '\x1b[C':
        if (this.cursor < this.line.length) {
          this.cursor++;
          this.options.output('\x1b[C');
        }
        return;
      case '\x01':
      case '\x1b[H':
      case '\x1bOH':
        this.cursor = 0;
        this.redraw();
        return;
      case '\x05':
      case '\x1b[F':
      case '\x1bOF':
        this.cursor = this.line.length;
        this.redraw();
        return;
    }
    if (key.length !== 1 || key < ' ') return; // other control keys and sequences (Tab, F-keys) do nothing
    const atEnd = this.cursor === this.line.length;
    this.line = this.line.slice(0, this.cursor) + key + this.line.slice(this.cursor);
    this.cursor++;
    if (atEnd) this.options.output(key);
    else this.redraw();
  }

  private recall(direction: -1 | 1): void {
    const next = this.historyIndex + direction;
    if (next < 0 || next > this.history.length) return;
    this.historyIndex = next;
    this.setLine(this.history[next] ?? '');
    this.redraw();
  }

  private setLine(line: string): void {
    this.line = line;
    this.cursor = line.length;
  }

  private prompt(): void {
    this.options.output(promptFor(this.cwd));
  }

  private redraw(): void {
    const back = this.line.length - this.cursor;
    this.options.output(`\r\x1b[K${promptFor(this.cwd)}${this.line}${back > 0 ? `\x1b[${back}D` : ''}`);
  }

  private submit(): void {
    const line = this.line.trim();
    this.options.output('\r\n');
    this.setLine('');
    if (line && this.history[this.history.length - 1] !== line) this.history.push(line);
    this.historyIndex = this.history.length;
    if (this.runBuiltin(line)) return;
    this.start(line);
  }

  /** Commands that change the shell itself, so they cannot run in a child. Returns true when handled. */
  private runBuiltin(line: string): boolean {
    const [name, ...args] = line.split(/\s+/);
    switch (name) {
      case '':
        this.prompt();
        return true;
      case 'clear':
      case 'cls':
        this.options.output(CLEAR_SCREEN);
        this.prompt();
        return true;
      case 'exit':
        this.close(Number(args[0] ?? 0) || 0);
        return true;
      case 'history':
        this.options.output(this.history.map((entry, i) => `${String(i + 1).padStart(4)}  ${entry}\r\n`).join(''));
        this.prompt();
        return true;
      case 'cd': {
        if (args.length > 1) return false; // `cd a && b` and friends go to the runner
        const target = resolvePath(this.cwd, args[0] ?? '~');
        if (this.options.host.isDirectory(target)) this.cwd = target;
        else this.options.output(`cd: no such file or directory: ${args[0]}\r\n`);
        this.prompt();
        return true;
      }
      default:
        return false;
    }
  }

  private start(line: string): void {
    const controller = new AbortController();
    const stdin = new InputChannel();
    this.running = { controller, stdin };
    const io: CommandIO = {
      cwd: this.cwd,
      env: this.env,
      signal: controller.signal,
      stdin,
      write: (text) => {
        if (this.running?.controller === controller) this.options.output(toTerminal(text));
      },
    };
    let run: Promise<number>;
    try {
      run = this.options.host.run(line, io);
    } catch (error) {
      run = Promise.reject(error);
    }
    run
      .catch((error: unknown) => {
        io.write(`${errorMessage(error)}\n`);
        return 1;
      })
      .then(() => {
        if (this.running?.controller !== controller) return;
        this.running = null;
        if (this.exited) return;
        this.prompt();
        // Lines typed ahead while a command that never read stdin ran are run next, as in a real shell.
        const typeahead = stdin.takePending().replace(/\n/g, '\r');
        if (typeahead) this.input(typeahead);
      });
  }
}
