/**
 * Tab order, emulated: untrusted Tab key events move nothing, so the bridge computes the next tabbable element
 * itself (positive tabindex first in ascending order, then document order; hidden, disabled and inert skipped).
 */

const CANDIDATES = 'a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable=""], [contenteditable="true"]';

function isHidden(element: HTMLElement): boolean {
  if (element.closest('[inert], [hidden]')) return true;
  if (element instanceof HTMLInputElement && element.type === 'hidden') return true;
  const view = element.ownerDocument.defaultView;
  const style = view?.getComputedStyle(element);
  if (style && (style.visibility === 'hidden' || style.display === 'none')) return true;
  // jsdom has no layout: only treat a zero box as hidden where the engine does layout (offsetParent set somewhere).
  return element.getClientRects().length === 0 && element.ownerDocument.body.getClientRects().length > 0;
}

function tabIndexOf(element: HTMLElement): number {
  const attr = element.getAttribute('tabindex');
  if (attr !== null && attr.trim() !== '' && !Number.isNaN(Number(attr))) return Math.trunc(Number(attr));
  return element.tabIndex;
}

function isTabbable(element: Element): element is HTMLElement {
  if (!(element instanceof HTMLElement)) return false;
  if ('disabled' in element && (element as HTMLButtonElement).disabled) return false;
  if (tabIndexOf(element) < 0) return false;
  return !isHidden(element);
}

/** Tabbable elements in tab order (radio groups are not collapsed: a small simplification). */
export function tabbables(root: Document | Element): HTMLElement[] {
  const all = Array.from(root.querySelectorAll(CANDIDATES)).filter(isTabbable);
  const positive = all
    .map((element, index) => ({ element, index, tab: tabIndexOf(element) }))
    .filter((entry) => entry.tab > 0)
    .sort((a, b) => a.tab - b.tab || a.index - b.index)
    .map((entry) => entry.element);
  return [...positive, ...all.filter((element) => tabIndexOf(element) === 0)];
}

/** The element Tab (or Shift+Tab) moves focus to from `current`; wraps around like a page with no browser UI. */
export function nextTabbable(root: Document | Element, current: Element | null, backwards: boolean): HTMLElement | null {
  const order = tabbables(root);
  if (order.length === 0) return null;
  const index = current ? order.indexOf(current as HTMLElement) : -1;
  if (index === -1) return (backwards ? order[order.length - 1] : order[0]) ?? null;
  const next = (index + (backwards ? -1 : 1) + order.length) % order.length;
  return order[next] ?? null;
}
