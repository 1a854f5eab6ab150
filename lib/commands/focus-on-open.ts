/**
 * Where keyboard focus goes when a workspace opens: the agent's message box, where most work in this IDE
 * starts, once the conversation has loaded (it appears a moment after the page). Only while nobody has put
 * focus anywhere: a click or a key pressed meanwhile wins, and a pane that is not showing (the phone layout
 * opens on the editor) is left alone. Never the terminal, where Tab would be taken for completion.
 */
import { focusRegion } from './regions';

/** Long enough for the conversation to load from IndexedDB on a busy machine. */
const GIVE_UP_AFTER_MS = 5_000;

export function focusComposerOnOpen(): () => void {
  const started = performance.now();
  let frame = 0;
  const attempt = () => {
    const untouched = document.activeElement === null || document.activeElement === document.body;
    if (!untouched || performance.now() - started > GIVE_UP_AFTER_MS) return;
    if (!focusRegion('Agent') || !document.activeElement?.matches('textarea')) {
      // focusRegion may have settled for the region's body; that is not the message box, so keep waiting.
      if (document.activeElement !== document.body) (document.activeElement as HTMLElement | null)?.blur();
      frame = requestAnimationFrame(attempt);
    }
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
