/**
 * The interactive shell's line discipline: it echoes keystrokes, edits the line (Backspace, ←/→, Home/End,
 * Ctrl+U), completes with Tab, keeps history (↑/↓), runs the line on Enter, aborts the running line on Ctrl+C,
 * clears on Ctrl+L. While a line runs, keystrokes go to it. Its ShellSession (folder, variables, `$?`,
 * history) lives as long as the shell, so `cd` and `export` persist. It knows nothing about almostnode, so it
 * is tested without a browser.
 */
import type { TerminalSize } from '../../runtime/port';
import { InputChannel, toTerminal, type CommandIO } from './process';
import { TerminalScreen, type TerminalLink } from './terminal';
import { CLEAR_SCREEN } from './shell/builtins';
import type { Completion } from './shell/complete';
import { createSession, type ShellSession } from './shell/session';
import { errorMessage } from '../../error-message';

export interface LineShellHost {
  /** Runs one command line in the session; resolves with its exit code (130 once aborted). */
  run(line: string, io: CommandIO, session: ShellSession): Promise<number>;
  /** Completes the word before the cursor (Tab). */
  complete?(before: string, session: ShellSession): Completion;
}

interface LineShellOptions {
  host: LineShellHost;
  /** Receives terminal-ready text (\r\n line endings, ANSI). */
  output(text: string): void;
  onExit(code: number): void;
  cwd?: string;
  env?: Record<string, string>;
  banner?: string;
  /** Earlier command lines, oldest first, recalled with ↑ (a restored workspace's last command). */
  history?: readonly string[];
  /** The terminal's size when the shell starts. */
  terminal?: TerminalSize;
}

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

/** The prompt shows the folder as bash's `\w` does: as `pwd` prints it, with the home folder shown as `~`. */
function promptFor(cwd: string, home: string | undefined): string {
  const shown = home && home !== '/' && (cwd === home || cwd.startsWith(`${home}/`)) ? `~${cwd.slice(home.length)}` : cwd;
  return `\x1b[1;34m${shown}\x1b[0m $ `;
}

export class LineShell {
  readonly session: ShellSession;
  private line = '';
  private cursor = 0;
  private historyIndex = 0;
  /** The line that runs; `lineEnded` says whether the terminal is at the start of a line. */
  private running: { controller: AbortController; stdin: InputChannel; lineEnded: boolean; terminal: TerminalLink } | null = null;
  private readonly screen: TerminalScreen;
  private exited = false;
  /** The last key was a Tab that could not complete further: the next one lists the candidates. */
  private tabPending = false;

  constructor(private readonly options: LineShellOptions) {
    this.session = createSession({ cwd: options.cwd, env: options.env, history: options.history });
    this.screen = new TerminalScreen(options.terminal);
    this.historyIndex = this.history.length;
    if (options.banner) this.options.output(toTerminal(options.banner));
    this.prompt();
  }

  get cwd(): string {
    return this.session.cwd;
  }

  private get history(): string[] {
    return this.session.history;
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** The terminal was resized: programs running in it see the new size. */
  resize(size: TerminalSize): void {
    this.screen.resize(size);
  }

  /** Feeds keystrokes (as xterm's onData delivers them). */
  input(data: string): void {
    // A program in raw mode reads the keys as typed: no echo, no line editing, Ctrl+C is its to handle.
    if (this.running?.terminal.raw) {
      this.running.stdin.push(data);
      return;
    }
    for (const key of splitKeys(data)) {
      if (this.exited) return;
      if (this.running) this.inputWhileRunning(key);
      else this.editKey(key);
    }
  }

  /**
   * Aborts the running command, if any ("Stop", a tool's timeout). Ctrl+C (`fromKey`) first sends the
   * programs SIGINT: one that listens for it handles it and keeps running, as in a terminal.
   */
  interrupt(fromKey = false): void {
    if (!this.running) return;
    if (fromKey && this.running.terminal.interrupt()) {
      this.options.output('^C');
      this.running.lineEnded = false;
      return;
    }
    this.options.output('^C\r\n');
    this.running.lineEnded = true;
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
      this.interrupt(true);
      return;
    }
    // Cooked-mode echo, as a pty would do for a program reading stdin.
    if (key === '\r') this.options.output('\r\n');
    else if (key >= ' ' && key !== '\x7f') this.options.output(key);
    running.stdin.push(key === '\r' ? '\n' : key);
  }

  private editKey(key: string): void {
    const tabbed = this.tabPending;
    this.tabPending = false;
    switch (key) {
      case '\t':
        this.completeWord(tabbed);
        return;
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
    if (key.length !== 1 || key < ' ') return; // other control keys and sequences (F-keys) do nothing
    this.insert(key);
  }

  private insert(text: string): void {
    const atEnd = this.cursor === this.line.length;
    this.line = this.line.slice(0, this.cursor) + text + this.line.slice(this.cursor);
    this.cursor += text.length;
    if (atEnd) this.options.output(text);
    else this.redraw();
  }

  /** Tab, as in bash: complete what is unambiguous; a second Tab lists the candidates under the prompt. */
  private completeWord(secondTab: boolean): void {
    const result = this.options.host.complete?.(this.line.slice(0, this.cursor), this.session);
    if (!result) return;
    if (result.insert) {
      this.insert(result.insert);
      if (result.candidates.length > 1) this.tabPending = true;
      return;
    }
    if (result.candidates.length < 2) return;
    if (!secondTab) {
      this.tabPending = true;
      return;
    }
    this.options.output(`\r\n${result.candidates.join('  ')}\r\n`);
    this.redraw();
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
    this.options.output(promptFor(this.cwd, this.session.env.HOME));
  }

  private redraw(): void {
    const back = this.line.length - this.cursor;
    this.options.output(`\r\x1b[K${promptFor(this.cwd, this.session.env.HOME)}${this.line}${back > 0 ? `\x1b[${back}D` : ''}`);
  }

  private submit(): void {
    const line = this.line.trim();
    this.options.output('\r\n');
    this.setLine('');
    if (line && this.history[this.history.length - 1] !== line) this.history.push(line);
    this.historyIndex = this.history.length;
    if (line === '') this.prompt();
    else this.start(line);
  }

  private start(line: string): void {
    const controller = new AbortController();
    const stdin = new InputChannel();
    // The next prompt starts on a line of its own even after output that did not end one, as in zsh or fish.
    const running = { controller, stdin, lineEnded: true, terminal: this.screen.link(stdin) };
    this.running = running;
    const io: CommandIO = {
      cwd: this.session.cwd,
      env: this.session.env,
      signal: controller.signal,
      stdin,
      terminal: running.terminal,
      write: (text) => {
        if (this.running?.controller !== controller || text === '') return;
        this.options.output(toTerminal(text));
        running.lineEnded = text.endsWith('\n') || text.endsWith(CLEAR_SCREEN);
      },
    };
    let run: Promise<number>;
    try {
      run = this.options.host.run(line, io, this.session);
    } catch (error) {
      run = Promise.reject(error);
    }
    run
      .catch((error: unknown) => {
        io.write(`${errorMessage(error)}\n`);
        return 1;
      })
      .then((code) => {
        if (this.running?.controller !== controller) return;
        this.running = null;
        this.session.status = code;
        if (this.exited) return;
        if (this.session.exitCode !== null) {
          this.close(this.session.exitCode);
          return;
        }
        if (!running.lineEnded) this.options.output('\r\n');
        this.prompt();
        // Lines typed ahead while a command that never read stdin ran are run next, as in a real shell.
        const typeahead = stdin.takePending().replace(/\n/g, '\r');
        if (typeahead) this.input(typeahead);
      });
  }
}
