import type { Terminal } from '@xterm/xterm';
import type { FitAddon } from '@xterm/addon-fit';
import type { Runtime, RuntimeProcess } from '@/lib/runtime/port';
import { TypedLineTracker } from '@/lib/terminal/typed-line';
import { TERMINAL_LEAVE_HINT } from '@/lib/ui/leave-by-keyboard';

type Listener = () => void;

interface SessionOptions {
  /** Earlier command lines for the shell's ↑ history. */
  history?: readonly string[];
  /** Each command line the user types and runs. */
  onCommand?: (command: string) => void;
}

const DIM = '\x1b[2m';
const RESET = '\x1b[0m';

/**
 * One terminal tab: an xterm instance and the shell behind it. It lives outside React so that output
 * keeps flowing into the terminal's buffer while its tab or the whole pane is hidden; React only
 * attaches it to a host element.
 */
export class TerminalSession {
  readonly id: number;
  readonly title: string;
  private shell: RuntimeProcess | null = null;
  private shellExited = false;
  private disposed = false;
  private readonly listeners = new Set<Listener>();
  private readonly typed = new TypedLineTracker();
  /** Commands asked for while there was no live shell (the runtime restarting): run by the next shell. */
  private queuedCommands: string[] = [];
  private stopRestartWatch: (() => void) | null = null;

  /** Viewer sessions (the "Agent" tab) have no shell: they show processes the agent started. */
  private attached: RuntimeProcess | null = null;

  private constructor(
    id: number,
    private readonly runtime: Runtime,
    private readonly term: Terminal,
    private readonly fitAddon: FitAddon,
    private readonly options: SessionOptions,
    title?: string,
  ) {
    this.id = id;
    this.title = title ?? `Terminal ${id}`;
    term.onData((data) => this.handleInput(data));
    term.attachCustomKeyEventHandler((event) => this.allowKey(event));
    // A runtime that replaced its stuck engine ended this tab's shell with a notice: start a new one at once.
    this.stopRestartWatch = runtime.onRestart?.(() => void this.restartShellIfExited()) ?? null;
    term.onResize(({ cols, rows }) => {
      this.shell?.resize({ cols, rows });
      this.emit();
    });
  }

  /** xterm touches `window` when imported, so it is loaded only in the browser, when a tab opens. */
  static async create(id: number, runtime: Runtime, options: SessionOptions = {}): Promise<TerminalSession> {
    const session = await TerminalSession.build(id, runtime, options);
    await session.startShell();
    return session;
  }

  /** A tab without a shell, showing the output of processes handed to `attachProcess`. */
  static createViewer(id: number, runtime: Runtime, title: string): Promise<TerminalSession> {
    return TerminalSession.build(id, runtime, {}, title);
  }

  private static async build(id: number, runtime: Runtime, options: SessionOptions, title?: string): Promise<TerminalSession> {
    const [{ Terminal }, { FitAddon }, { WebLinksAddon }] = await Promise.all([
      import('@xterm/xterm'),
      import('@xterm/addon-fit'),
      import('@xterm/addon-web-links'),
    ]);
    const term = new Terminal({
      cursorBlink: true,
      convertEol: false,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      fontSize: 13,
      scrollback: 5000,
      theme: { background: '#15161a' },
    });
    const fitAddon = new FitAddon();
    term.loadAddon(fitAddon);
    term.loadAddon(new WebLinksAddon((_event, uri) => window.open(uri, '_blank', 'noopener')));
    return new TerminalSession(id, runtime, term, fitAddon, options, title);
  }

  /** Shows a process's output here (with a header line); typing goes to the latest one. */
  attachProcess(process: RuntimeProcess, label: string): void {
    this.attached = process;
    this.term.write(`\r\n\x1b[1;36m▶ ${label}\x1b[0m\r\n`);
    void this.pipeOutput(process);
    void process.exit.then((code) => {
      if (!this.disposed) this.term.write(`\r\n${DIM}[${label} exited with code ${code}]${RESET}\r\n`);
      if (this.attached === process) this.attached = null;
    });
  }

  get size() {
    return { cols: this.term.cols, rows: this.term.rows };
  }

  /** Notified when the size changes, so the UI can show it. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  attach(host: HTMLElement): void {
    if (this.term.element) {
      host.appendChild(this.term.element);
    } else {
      this.term.open(host);
      // Read out with the terminal's input when it takes focus (the panel shows the same text then).
      this.term.textarea?.setAttribute('aria-describedby', TERMINAL_LEAVE_HINT.id);
    }
    this.fit();
  }

  /** Refits to the host; skipped while hidden (a zero-sized host would shrink the terminal to nothing). */
  fit(): void {
    const host = this.term.element?.parentElement;
    if (!host || host.clientWidth === 0 || host.clientHeight === 0) return;
    this.fitAddon.fit();
  }

  focus(): void {
    this.term.focus();
  }

  clear(): void {
    this.term.clear();
  }

  /** The selection if there is one, otherwise everything in the buffer (scrollback included). */
  text(): string {
    if (this.term.hasSelection()) return this.term.getSelection();
    const buffer = this.term.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < buffer.length; i++) lines.push(buffer.getLine(i)?.translateToString(true) ?? '');
    return lines.join('\n').replace(/\n+$/, '\n');
  }

  /** Runs a command line in this tab's shell, as if typed (its output shows here). */
  runCommand(command: string): void {
    // A shell that knows when its prompt is back queues the line until then (commands sent back to back).
    if (this.shell?.runCommand) this.shell.runCommand(command);
    else this.shell?.write(`${command}\r`);
  }

  /** Starts a fresh shell if the current one ended (after "stop all" or `exit`). */
  async restartShellIfExited(): Promise<void> {
    if (this.shellExited && !this.disposed) await this.startShell();
  }

  dispose(): void {
    this.disposed = true;
    this.stopRestartWatch?.();
    this.shell?.kill();
    this.term.dispose();
    this.listeners.clear();
  }

  private async startShell(): Promise<void> {
    this.shellExited = false;
    const shell = await this.runtime.shell({ terminal: this.size, history: this.options.history });
    if (this.disposed) {
      shell.kill();
      return;
    }
    this.shell = shell;
    void this.pipeOutput(shell);
    for (const command of this.queuedCommands.splice(0)) shell.write(`${command}\r`);
    void shell.exit.then((code) => {
      if (this.shell !== shell || this.disposed) return;
      this.shellExited = true;
      this.term.write(`\r\n${DIM}[shell exited with code ${code}; press Enter for a new shell]${RESET}\r\n`);
    });
  }

  private async pipeOutput(shell: RuntimeProcess): Promise<void> {
    const reader = shell.output.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || this.disposed) break;
        this.term.write(value);
      }
    } catch (error) {
      if (!this.disposed) this.term.write(`\r\n${DIM}[terminal output ended: ${String(error)}]${RESET}\r\n`);
    } finally {
      reader.releaseLock();
    }
  }

  /**
   * The way out of the terminal, as in the editor: Esc (which still reaches the program) then Tab or
   * Shift+Tab is left to the browser, which moves focus on; any other key in between cancels it.
   */
  private escaped = false;
  private allowKey(event: KeyboardEvent): boolean {
    if (event.type !== 'keydown') return true;
    if (event.key === 'Tab' && this.escaped && !event.ctrlKey && !event.altKey && !event.metaKey) {
      this.escaped = false;
      return false;
    }
    if (!['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) this.escaped = event.key === 'Escape';
    return true;
  }

  private handleInput(data: string): void {
    if (this.attached) {
      this.attached.write(data);
      return;
    }
    if (this.shellExited) {
      if (data === '\r') void this.restartShellIfExited();
      return;
    }
    this.shell?.write(data);
    for (const command of this.typed.feed(data)) this.options.onCommand?.(command);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
