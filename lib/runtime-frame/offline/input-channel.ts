/**
 * Stdin of a running command: keystrokes in the interactive shell, or the output of the command before it in
 * a pipeline. Like a pty or a pipe, input that no reader has taken yet is kept: a reader that subscribes gets
 * it a task later (after a program's synchronous start-up has attached its handlers, as Node delivers stream
 * data), and what is left when the command ends goes back to the shell as typeahead. A pipe ends (`end()`)
 * when the command writing to it finishes; readers then get their end callback.
 *
 * A pipe between node processes carries bytes as they were written (a program speaking a binary protocol over
 * a child's stdin, as esbuild's service does): `subscribeChunks` hands them over as given, `subscribe` as text.
 */
export class InputChannel {
  private readonly listeners = new Set<Reader>();
  private pending: Chunk[] = [];
  private closed = false;

  push(data: Chunk): void {
    if (this.closed || data.length === 0) return;
    if (this.listeners.size === 0) {
      this.pending.push(data);
      return;
    }
    for (const reader of this.listeners) reader.data(data);
  }

  /** No more input will come (the writing end of a pipe finished). */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    for (const reader of this.listeners) reader.end?.();
  }

  get ended(): boolean {
    return this.closed;
  }

  /** Input as text (bytes decoded as UTF-8, a character split between chunks kept whole). */
  subscribe(data: (data: string) => void, end?: () => void): () => void {
    const decoder = new TextDecoder();
    return this.subscribeChunks((chunk) => {
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      if (text !== '') data(text);
    }, end);
  }

  /** Input as it was pushed: text, or bytes. */
  subscribeChunks(data: (data: Chunk) => void, end?: () => void): () => void {
    const reader: Reader = { data, end };
    let live = false;
    const timer = setTimeout(() => {
      live = true;
      this.listeners.add(reader);
      for (const queued of this.pending.splice(0)) data(queued);
      if (this.closed) end?.();
    }, 0);
    return () => {
      if (live) this.listeners.delete(reader);
      else clearTimeout(timer);
    };
  }

  /** Input a reader took but did not use: it is read first by the next reader, or taken as typeahead. */
  giveBack(data: Chunk): void {
    if (data.length === 0) return;
    if (this.listeners.size === 0) this.pending.unshift(data);
    else for (const reader of this.listeners) reader.data(data);
  }

  /** Input nobody read, as text; empties the queue. */
  takePending(): string {
    return textOf(this.pending.splice(0));
  }
}

/** What a pipe carries: text, or bytes from a program that wrote bytes. */
export type Chunk = string | Uint8Array;

/** Chunks as one text, bytes decoded as UTF-8. */
export function textOf(chunks: readonly Chunk[]): string {
  const decoder = new TextDecoder();
  return chunks.map((chunk) => (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))).join('') + decoder.decode();
}

interface Reader {
  data(data: Chunk): void;
  end?(): void;
}

/** What a running command sees: where to print, where input arrives, and when it has been cancelled. */
