/**
 * "Open this file at that line" requests (search results, later the agent's citations). A window event
 * rather than a module-level emitter: whoever asks needs no handle on the editor, and no singleton is kept.
 * Ask after `store.openFile(path)` resolves; the editor applies the request once that file is showing.
 */
export interface RevealRequest {
  path: string;
  /** 1-based; when omitted the cursor stays where it was and the editor only takes focus. */
  line?: number;
  /** 1-based; the start of the line when omitted. */
  column?: number;
}

const EVENT = 'tabsmith:reveal-line';

export function revealLine(path: string, line: number, column?: number): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<RevealRequest>(EVENT, { detail: { path, line, column } }));
}

/** Puts keyboard focus in the editor once `path` is showing (after quick open). */
export function focusEditor(path: string): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<RevealRequest>(EVENT, { detail: { path } }));
}

export function onRevealLine(listener: (request: RevealRequest) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<RevealRequest>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
