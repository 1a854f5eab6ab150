/**
 * A hidden, sandboxed iframe for a page of user-code origin that the IDE talks to by messages only (the runtime
 * frame, the preview relay): never rendered, not focusable, hidden from assistive technology.
 */
export function createHiddenFrame(src: string, title: string, marker: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = title;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  // Its own site and process under COEP: the frame may use SharedArrayBuffer like the IDE.
  frame.allow = 'cross-origin-isolated';
  // Its own origin (for its service worker and storage) and scripts, nothing else: no navigating the IDE's tab,
  // no popups, no forms, whatever the user's code tries.
  frame.sandbox.add('allow-scripts', 'allow-same-origin');
  frame.dataset[marker] = '';
  // Not rendered at all: a frame in the page's compositing would tie the IDE's painting to a process that a busy
  // loop can hold. Its scripts, timers and messages run as usual (browsers throttle only rendering there).
  frame.style.display = 'none';
  return frame;
}
