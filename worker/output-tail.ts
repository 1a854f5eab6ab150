/**
 * Keeps the last part of a process's output. A noisy `npm install` prints megabytes; the model needs the
 * end (the error, the summary), and every byte it is sent costs context.
 */
export const OUTPUT_TAIL_CHARS = 4_096;

/* eslint-disable no-control-regex -- matching escape characters is the point */
/**
 * Terminal control sequences, noise to a model: CSI (colours, cursor moves, private modes such as `ESC[>4;1m`
 * and `ESC[?25l`), OSC (titles, links, the shell's own markers), charset selection (`ESC(B`) and the other
 * two-character escapes a pty emits (`ESC=`, `ESC>`, `ESC7`, `ESC8`, `ESCM`).
 */
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[()*+][0-9A-Za-z]|\u001b[=>78MDEHc]/g;
/** A line that is only spinner frames (npm's braille dots, or the classic |/-\ when alone). */
const SPINNER_LINE = /^[\s\u2800-\u28ff]*$|^\s*[|/\\-]\s*$/;
/* eslint-enable no-control-regex */

/**
 * Plain text as a person saw it: escapes removed, and a line rewritten in place with carriage returns
 * (progress bars, spinners) reduced to what it ended as.
 */
export function cleanTerminalText(text: string): string {
  const lines = text.replace(ESCAPES, '').replace(/\r+\n/g, '\n').split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    const shown = line.slice(line.lastIndexOf('\r') + 1);
    if (shown !== '' && SPINNER_LINE.test(shown)) continue;
    kept.push(shown);
  }
  return kept.join('\n');
}

export class OutputTail {
  private text = '';
  private dropped = false;

  constructor(private readonly limit = OUTPUT_TAIL_CHARS) {}

  push(chunk: string): void {
    this.text += chunk;
    // Trim lazily (at twice what is kept) so a stream of tiny chunks is not re-sliced on every push.
    if (this.text.length > this.limit * 8) this.trim();
  }

  toString(): string {
    this.trim();
    const clean = cleanTerminalText(this.text);
    const tail = clean.length > this.limit ? clean.slice(-this.limit) : clean;
    return this.dropped || clean.length > this.limit ? `…${tail}` : tail;
  }

  private trim(): void {
    // Keep a wide margin over the limit: stripping escapes and overwritten spinner frames shortens the text a lot.
    const keep = this.limit * 4;
    if (this.text.length <= keep) return;
    this.text = this.text.slice(-keep);
    this.dropped = true;
  }
}
