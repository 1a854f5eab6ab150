/**
 * Follows what the user types into a terminal to learn the command lines they run, whatever the shell
 * (jsh on WebContainer, the offline shell). It only knows what was typed: a line edited with arrow keys,
 * history recall or tab completion is unknown and not reported, rather than reported wrong.
 */
export class TypedLineTracker {
  private line = '';
  private known = true;

  /** Feeds keystrokes as xterm delivers them; returns the command lines completed by Enter. */
  feed(data: string): string[] {
    const completed: string[] = [];
    for (let i = 0; i < data.length; i++) {
      const ch = data[i] ?? '';
      if (ch === '\r' || ch === '\n') {
        const command = this.line.trim();
        if (this.known && command) completed.push(command);
        this.reset();
      } else if (ch === '\x7f' || ch === '\b') {
        this.line = this.line.slice(0, -1);
      } else if (ch === '\x03' || ch === '\x15') {
        // Ctrl+C and Ctrl+U throw the line away.
        this.reset();
      } else if (ch === '\x1b' || ch === '\t') {
        // Arrow keys, history, completion: the shell's line is no longer what we saw typed.
        this.known = false;
        if (ch === '\x1b') i = skipEscapeSequence(data, i);
      } else if (ch >= ' ') {
        this.line += ch;
      }
    }
    return completed;
  }

  private reset(): void {
    this.line = '';
    this.known = true;
  }
}

/** Index of the last character of the escape sequence starting at `start` (CSI `ESC [ … final` or `ESC x`). */
function skipEscapeSequence(data: string, start: number): number {
  if (data[start + 1] !== '[' && data[start + 1] !== 'O') return Math.min(start + 1, data.length - 1);
  let i = start + 2;
  while (i < data.length && !/[@-~]/.test(data[i] ?? '')) i++;
  return i;
}
