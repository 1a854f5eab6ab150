/**
 * Commands whose work lives inside a component's state (the file tree's "New file", the editor's save with
 * its conflict check) are carried out by that component: the registry asks through a window event, the
 * component answers with `onCommandRequest`. A window event rather than a module-level emitter, as for
 * "reveal line": the asker needs no handle on the component and nothing global is kept.
 */
const EVENT = 'tabsmith:command';

interface CommandRequest {
  id: string;
  /** Set by a component that carried the command out. */
  handled: boolean;
}

/** Asks the component that owns `id` to carry it out; false when none is mounted now. */
export function requestCommand(id: string): boolean {
  if (typeof window === 'undefined') return false;
  const detail: CommandRequest = { id, handled: false };
  window.dispatchEvent(new CustomEvent<CommandRequest>(EVENT, { detail }));
  return detail.handled;
}

export function onCommandRequest(id: string, handler: () => void): () => void {
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<CommandRequest>).detail;
    if (detail.id !== id || detail.handled) return;
    detail.handled = true;
    handler();
  };
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
