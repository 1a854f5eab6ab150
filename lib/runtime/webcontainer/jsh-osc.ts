/**
 * The OSC 654 sequences `jsh --osc` prints to tell a host what the shell is doing (the protocol bolt.diy
 * drives WebContainer's shell with):
 *   ESC ] 654;interactive BEL   the shell reads input from now on (keystrokes sent earlier are lost)
 *   ESC ] 654;prompt BEL        a prompt is shown: the previous command line is done
 *   ESC ] 654;exit=<x>:<code> BEL  the command line just finished, with its exit code after the colon
 * Output arrives in arbitrary chunks, so a sequence cut between two chunks is kept until its end arrives.
 */
export type JshEvent = { type: 'interactive' } | { type: 'prompt' } | { type: 'exit'; code: number };

const OSC_PREFIX = '\x1b]654;';
const BEL = '\x07';
/** A sequence that never ends (a stray ESC ] 654;) is dropped once this long, rather than kept forever. */
const MAX_PENDING = 256;

function parse(body: string): JshEvent | null {
  if (body === 'interactive' || body === 'prompt') return { type: body };
  const exit = /^exit=(?:[^:]*:)?(-?\d+)$/.exec(body);
  return exit ? { type: 'exit', code: Number(exit[1]) } : null;
}

export class JshOscScanner {
  private pending = '';

  /** Returns the events completed by this chunk, in order. */
  feed(chunk: string): JshEvent[] {
    const text = this.pending + chunk;
    this.pending = '';
    const events: JshEvent[] = [];
    let from = 0;
    for (;;) {
      const start = text.indexOf(OSC_PREFIX, from);
      if (start === -1) {
        this.keepPartialPrefix(text, from);
        return events;
      }
      const end = text.indexOf(BEL, start + OSC_PREFIX.length);
      if (end === -1) {
        const rest = text.slice(start);
        if (rest.length < MAX_PENDING) this.pending = rest;
        return events;
      }
      const event = parse(text.slice(start + OSC_PREFIX.length, end));
      if (event) events.push(event);
      from = end + 1;
    }
  }

  /** A chunk may end in the middle of the prefix itself ("…\x1b]65"). */
  private keepPartialPrefix(text: string, from: number): void {
    for (let length = Math.min(OSC_PREFIX.length - 1, text.length - from); length > 0; length--) {
      if (text.endsWith(OSC_PREFIX.slice(0, length))) {
        this.pending = text.slice(-length);
        return;
      }
    }
  }
}
