/**
 * Pointer input as a person produces it: the same pointer/mouse event sequence a real click, hover or drag
 * fires, with coordinates, buttons and click counts, on the element under the point.
 */
import { deepElementFromPoint, BridgeError } from './dom';
import { focusFromPointer } from './focus';

export type Button = 'left' | 'middle' | 'right';
const BUTTON_INDEX: Record<Button, number> = { left: 0, middle: 1, right: 2 };
const BUTTONS_MASK: Record<Button, number> = { left: 1, middle: 4, right: 2 };

let hovered: Element | null = null;

interface Point {
  x: number;
  y: number;
}

export function targetAt(doc: Document, point: Point): Element {
  const view = doc.defaultView;
  if (view && (point.x >= view.innerWidth || point.y >= view.innerHeight)) {
    throw new BridgeError('OutOfViewport', `(${point.x}, ${point.y}) is outside the ${view.innerWidth}×${view.innerHeight} viewport`);
  }
  const element = deepElementFromPoint(doc, point.x, point.y);
  if (!element) throw new BridgeError('NoElement', `nothing is under (${point.x}, ${point.y})`);
  return element;
}

function mouseInit(doc: Document, point: Point, button: Button, buttons: number, detail: number): MouseEventInit {
  const view = doc.defaultView;
  return {
    bubbles: true,
    cancelable: true,
    composed: true,
    view,
    clientX: point.x,
    clientY: point.y,
    screenX: point.x + (view?.screenX ?? 0),
    screenY: point.y + (view?.screenY ?? 0),
    button: BUTTON_INDEX[button],
    buttons,
    detail,
  };
}

function pointer(target: Element, type: string, init: MouseEventInit): boolean {
  const view = target.ownerDocument.defaultView;
  const Ctor = view?.PointerEvent ?? view?.MouseEvent ?? MouseEvent;
  const event = new Ctor(type, { ...init, pointerId: 1, pointerType: 'mouse', isPrimary: true, detail: 0 } as PointerEventInit);
  return target.dispatchEvent(event);
}

function mouse(target: Element, type: string, init: MouseEventInit): boolean {
  const Ctor = target.ownerDocument.defaultView?.MouseEvent ?? MouseEvent;
  return target.dispatchEvent(new Ctor(type, init));
}

/** Moves the (virtual) pointer onto whatever is under `point`: out/leave on the old element, over/enter/move on the new. */
export function hover(doc: Document, point: Point, buttons = 0): Element {
  const target = targetAt(doc, point);
  const init = mouseInit(doc, point, 'left', buttons, 0);
  if (target !== hovered) {
    const previous = hovered?.isConnected ? hovered : null;
    if (previous) {
      pointer(previous, 'pointerout', { ...init, relatedTarget: target });
      pointer(previous, 'pointerleave', { ...init, bubbles: false, relatedTarget: target });
      mouse(previous, 'mouseout', { ...init, relatedTarget: target });
      mouse(previous, 'mouseleave', { ...init, bubbles: false, relatedTarget: target });
    }
    pointer(target, 'pointerover', { ...init, relatedTarget: previous });
    pointer(target, 'pointerenter', { ...init, bubbles: false, relatedTarget: previous });
    mouse(target, 'mouseover', { ...init, relatedTarget: previous });
    mouse(target, 'mouseenter', { ...init, bubbles: false, relatedTarget: previous });
    hovered = target;
  }
  pointer(target, 'pointermove', init);
  mouse(target, 'mousemove', init);
  return target;
}

export function pressDown(doc: Document, point: Point, button: Button = 'left', detail = 1): Element {
  const target = hover(doc, point);
  const init = mouseInit(doc, point, button, BUTTONS_MASK[button], detail);
  const pointerOk = pointer(target, 'pointerdown', init);
  // preventDefault on pointerdown suppresses the compatibility mousedown; on mousedown it suppresses focus.
  const mouseOk = pointerOk ? mouse(target, 'mousedown', init) : true;
  if (pointerOk && mouseOk) focusFromPointer(target, doc);
  if (button === 'right') mouse(target, 'contextmenu', init);
  return target;
}

export function release(doc: Document, point: Point, button: Button = 'left', detail = 1): Element {
  const target = targetAt(doc, point);
  const init = mouseInit(doc, point, button, 0, detail);
  pointer(target, 'pointerup', init);
  mouse(target, 'mouseup', init);
  return target;
}

/** A full click (count 2 adds dblclick, 3 selects the paragraph or field). Returns the element clicked. */
export function click(doc: Document, point: Point, button: Button = 'left', count = 1): Element {
  let target: Element = targetAt(doc, point);
  for (let detail = 1; detail <= count; detail++) {
    const down = pressDown(doc, point, button, detail);
    const up = release(doc, point, button, detail);
    // The click goes to the nearest common ancestor when the element under the pointer changed between down and up.
    target = commonAncestor(down, up);
    const init = mouseInit(doc, point, button, 0, detail);
    if (button === 'left') mouse(target, 'click', init);
    else if (target.ownerDocument.defaultView?.PointerEvent) pointer(target, 'auxclick', { ...init, detail } as MouseEventInit);
    else mouse(target, 'auxclick', init);
  }
  if (count === 2 && button === 'left') mouse(target, 'dblclick', mouseInit(doc, point, button, 0, 2));
  if (count >= 3 && button === 'left') selectBlock(target);
  return target;
}

function commonAncestor(a: Element, b: Element): Element {
  let node: Element | null = a;
  while (node && !node.contains(b)) node = node.parentElement;
  return node ?? b;
}

function selectBlock(target: Element): void {
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
    try {
      target.select();
    } catch {
      /* no selection API */
    }
    return;
  }
  target.ownerDocument.getSelection()?.selectAllChildren(target);
}

/** Interpolated points between path vertices, so drag libraries with movement thresholds see steady motion. */
export function interpolatePath(path: readonly Point[], step = 20): Point[] {
  const [first, ...rest] = path;
  if (!first) return [];
  const points: Point[] = [first];
  let from = first;
  for (const to of rest) {
    const n = Math.max(1, Math.min(10, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / step)));
    for (let k = 1; k <= n; k++) points.push({ x: Math.round(from.x + ((to.x - from.x) * k) / n), y: Math.round(from.y + ((to.y - from.y) * k) / n) });
    from = to;
  }
  return points;
}

function dragEvent(target: Element, type: string, point: Point, dataTransfer: DataTransfer): boolean {
  const view = target.ownerDocument.defaultView;
  const Ctor = view?.DragEvent ?? DragEvent;
  return target.dispatchEvent(new Ctor(type, { ...mouseInit(target.ownerDocument, point, 'left', 1, 0), dataTransfer }));
}

/**
 * Drag along `path`: pointer events for pointer-based libraries; when the source is draggable, the HTML5
 * sequence too (dragstart … dragover … drop/dragend) with one shared DataTransfer.
 */
export function drag(doc: Document, path: readonly Point[]): Element {
  const points = interpolatePath(path);
  const start = points[0];
  const end = points[points.length - 1];
  if (!start || !end) throw new BridgeError('BadAction', 'a drag needs at least two points');
  const source = pressDown(doc, start);
  const draggable = source.closest('[draggable="true"], a[href], img');
  const view = doc.defaultView;
  if (!draggable || !view?.DataTransfer) {
    for (const point of points.slice(1)) hover(doc, point, 1);
    return release(doc, end);
  }
  const dataTransfer = new view.DataTransfer();
  if (!dragEvent(draggable, 'dragstart', start, dataTransfer)) return release(doc, start);
  // Once a native drag starts, the browser cancels the pointer stream.
  pointer(draggable, 'pointercancel', mouseInit(doc, start, 'left', 0, 0));
  let over: Element | null = null;
  let accepted = false;
  for (const point of points.slice(1)) {
    const target = targetAt(doc, point);
    dragEvent(draggable, 'drag', point, dataTransfer);
    if (target !== over) {
      if (over) dragEvent(over, 'dragleave', point, dataTransfer);
      dragEvent(target, 'dragenter', point, dataTransfer);
      over = target;
    }
    // A drop target says "drop here" by cancelling dragover.
    accepted = !dragEvent(target, 'dragover', point, dataTransfer);
  }
  if (over && accepted) dragEvent(over, 'drop', end, dataTransfer);
  else if (over) dragEvent(over, 'dragleave', end, dataTransfer);
  dragEvent(draggable, 'dragend', end, dataTransfer);
  return over ?? draggable;
}
