import { BRIDGE_TAG, type BridgeKey } from '../computer-use/types';

/**
 * Keys pressed inside the preview page go to the page, never to the IDE around it, so the IDE's F6 (next
 * region) would stop at the preview: a keyboard user who moved into the page could not move on by F6. The
 * bridge hands F6 and Shift+F6 to the IDE; every other key stays the app's. Apps have no use for F6, which
 * browsers keep for moving between their own panes. Only a person's key press counts: the agent's synthetic
 * key events (computer use) stay inside the page.
 */
export function forwardRegionKeys(win: Window, post: (message: BridgeKey) => void): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.isTrusted || event.code !== 'F6' || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    post({ tag: BRIDGE_TAG, kind: 'key', code: 'F6', shiftKey: event.shiftKey });
  };
  win.addEventListener('keydown', onKeyDown, true);
  return () => win.removeEventListener('keydown', onKeyDown, true);
}
