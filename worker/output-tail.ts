/**
 * Keeps the last part of a process's output. A noisy `npm install` prints megabytes; the model needs the
 * end (the error, the summary), and every byte it is sent costs context.
 */
export const OUTPUT_TAIL_CHARS = 4_096;

// CSI sequences (colours, cursor moves) and OSC sequences (titles, links): noise to a model.
// eslint-disable-next-line no-control-regex -- matching escape characters is the point
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

export function cleanTerminalText(text: string): string {
  return text.replace(ANSI, '').replace(/\r\n/g, '\n').replace(/\r/g, '\n');
}

export class OutputTail {
  private text = '';
  private dropped = false;

  constructor(private readonly limit = OUTPUT_TAIL_CHARS) {}

  push(chunk: string): void {
    this.text += chunk;
    // Trim lazily (at twice the limit) so a stream of tiny chunks is not re-sliced on every push.
    if (this.text.length > this.limit * 2) this.trim();
  }

  toString(): string {
    this.trim();
    const clean = cleanTerminalText(this.text);
    const tail = clean.length > this.limit ? clean.slice(-this.limit) : clean;
    return this.dropped || clean.length > this.limit ? `…${tail}` : tail;
  }

  private trim(): void {
    // Keep a margin over the limit: stripping escapes afterwards shortens the text.
    const keep = this.limit * 2;
    if (this.text.length <= keep) return;
    this.text = this.text.slice(-keep);
    this.dropped = true;
  }
}
