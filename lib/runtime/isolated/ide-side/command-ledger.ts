/**
 * Which of the frame's processes the IDE knows are running, from the IDE's own view of their lifecycle: those
 * it started (spawn and shell answers) and the command lines its shells announced, until each one exits. Port
 * events are checked against it: a server is always some command's, never a bare shell's, so an "open" while
 * no command runs did not come from the runtime's own bookkeeping.
 */
export class CommandLedger {
  private readonly shells = new Set<number>();
  private readonly commands = new Set<number>();

  /** A process the IDE learned of; `shell` for an interactive shell (which runs command lines, not servers). */
  started(pid: number, shell: boolean): void {
    (shell ? this.shells : this.commands).add(pid);
  }

  ended(pid: number): void {
    this.shells.delete(pid);
    this.commands.delete(pid);
  }

  /** Is any command (not a bare shell) the IDE knows of still running? */
  commandRunning(): boolean {
    return this.commands.size > 0;
  }

  /** Whether to act on a port event: closes always pass (they only undo), opens only under a running command. */
  accepts(open: boolean): boolean {
    return !open || this.commandRunning();
  }

  /**
   * Why a port event is not acted on, or null to act on it: an "open" needs a running command, and one that
   * names its process must name a process the IDE knows as running (`running` says which are).
   */
  refusal(open: boolean, pid: number | undefined, running: (pid: number) => boolean): string | null {
    if (!this.accepts(open)) return 'no command the IDE started is running';
    if (open && pid !== undefined && !running(pid)) return `it names process ${pid}, which the IDE does not know as running`;
    return null;
  }
}
