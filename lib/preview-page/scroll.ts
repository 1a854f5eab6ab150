/**
 * Scrolling what is under the point: the nearest ancestor that can still scroll in the asked direction (a
 * list inside a page scrolls before the page does, as with a mouse wheel), else the page itself.
 */
import { composedParent } from './dom';

type Direction = 'up' | 'down' | 'left' | 'right';

function canScroll(element: Element, direction: Direction): boolean {
  const view = element.ownerDocument.defaultView;
  const style = view?.getComputedStyle(element);
  const vertical = direction === 'up' || direction === 'down';
  const overflow = vertical ? style?.overflowY : style?.overflowX;
  if (overflow !== 'auto' && overflow !== 'scroll' && overflow !== 'overlay') return false;
  if (vertical) {
    if (element.scrollHeight <= element.clientHeight) return false;
    return direction === 'down' ? element.scrollTop + element.clientHeight < element.scrollHeight - 1 : element.scrollTop > 0;
  }
  if (element.scrollWidth <= element.clientWidth) return false;
  return direction === 'right' ? element.scrollLeft + element.clientWidth < element.scrollWidth - 1 : element.scrollLeft > 0;
}

/** The element a wheel over `start` would scroll, or the page's scrolling element. */
export function scrollTarget(start: Element | null, direction: Direction, doc: Document): Element {
  const page = doc.scrollingElement ?? doc.documentElement;
  for (let node = start; node && node !== page && node !== doc.body; node = composedParent(node)) {
    if (canScroll(node, direction)) return node;
  }
  return page;
}

function scrollDelta(direction: Direction, amount: number): { left: number; top: number } {
  switch (direction) {
    case 'up':
      return { left: 0, top: -amount };
    case 'down':
      return { left: 0, top: amount };
    case 'left':
      return { left: -amount, top: 0 };
    case 'right':
      return { left: amount, top: 0 };
  }
}

/**
 * Fires a wheel event at the point (apps that scroll themselves listen to it); unless cancelled, scrolls the
 * target instantly so the next screenshot shows the result. Returns the element that scrolled (or null).
 */
export function scrollAt(doc: Document, start: Element | null, point: { x: number; y: number } | null, direction: Direction, amount: number): Element | null {
  const delta = scrollDelta(direction, amount);
  const view = doc.defaultView;
  const wheelTarget = start ?? doc.body ?? doc.documentElement;
  if (view?.WheelEvent) {
    const wheel = new view.WheelEvent('wheel', {
      bubbles: true,
      cancelable: true,
      composed: true,
      clientX: point?.x ?? 0,
      clientY: point?.y ?? 0,
      deltaX: delta.left,
      deltaY: delta.top,
      deltaMode: 0,
    });
    if (!wheelTarget.dispatchEvent(wheel)) return null;
  }
  const target = scrollTarget(start, direction, doc);
  target.scrollBy({ left: delta.left, top: delta.top, behavior: 'instant' });
  return target;
}
