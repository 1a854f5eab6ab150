/**
 * Picking an element in the preview page for the IDE: while it runs, the element under the pointer is outlined
 * and labelled (its component, tag and source line), a click chooses it instead of reaching the app, and the
 * keyboard walks the tree (arrows: parent, first child, previous and next sibling; Enter chooses; Esc cancels).
 * Only the user's own input counts (`isTrusted`): the agent's synthetic events never choose for them.
 */
import { BRIDGE_TAG, type PickedElement } from '../computer-use/types';
import { parseSourceLocation, SOURCE_LOCATION_ATTRIBUTE } from './source-location';

const OVERLAY_Z = '2147483647';
/** Pointer and mouse events a click is made of: none reaches the app while picking. */
const SWALLOWED = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'dblclick', 'contextmenu'] as const;

type Post = (message: { tag: typeof BRIDGE_TAG; kind: 'picked'; element: PickedElement } | { tag: typeof BRIDGE_TAG; kind: 'pick-ended' }) => void;

/** The name of the component that rendered `element`, from React's or Vue's bookkeeping on the node. */
function componentOf(element: Element): string | null {
  const record = element as unknown as Record<string, unknown>;
  const fiberKey = Object.keys(record).find((key) => key.startsWith('__reactFiber$'));
  let fiber = fiberKey ? (record[fiberKey] as { type?: unknown; return?: unknown } | undefined) : undefined;
  for (let hops = 0; fiber && hops < 50; hops++) {
    const type = fiber.type as { displayName?: string; name?: string } | string | undefined;
    if (typeof type === 'function' || (typeof type === 'object' && type !== null)) {
      const name = (type as { displayName?: string; name?: string }).displayName ?? (type as { name?: string }).name;
      if (name) return name.slice(0, 128);
    }
    fiber = fiber.return as typeof fiber;
  }
  const vue = (element as { __vueParentComponent?: { type?: { name?: string; __name?: string } } }).__vueParentComponent?.type;
  return (vue?.name ?? vue?.__name ?? null)?.slice(0, 128) ?? null;
}

export function describeElement(element: Element): PickedElement {
  const marked = element.closest(`[${SOURCE_LOCATION_ATTRIBUTE}]`);
  const rect = element.getBoundingClientRect();
  const text = ((element as HTMLElement).innerText ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
  return {
    tag: element.tagName.toLowerCase().slice(0, 64),
    text: text.length > 300 ? `${text.slice(0, 299)}…` : text,
    source: parseSourceLocation(marked?.getAttribute(SOURCE_LOCATION_ATTRIBUTE) ?? null),
    component: componentOf(element),
    classes: (element.getAttribute('class') ?? '').slice(0, 2000),
    rect: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
  };
}

function labelFor(element: Element): string {
  const { tag, component, source } = describeElement(element);
  const where = source ? ` ${source.file}:${source.line}` : '';
  return `${component ? `${component} · ` : ''}<${tag}>${where}`;
}

/** Starts picking in `win`; returns how to stop without a choice. */
export function startPicking(win: Window, post: Post): () => void {
  const doc = win.document;
  const box = doc.createElement('div');
  const label = doc.createElement('div');
  box.setAttribute('data-tabsmith-picker', '');
  box.style.cssText = `position:fixed;pointer-events:none;z-index:${OVERLAY_Z};outline:2px solid #2563eb;background:rgba(37,99,235,0.12);display:none`;
  label.style.cssText = `position:fixed;pointer-events:none;z-index:${OVERLAY_Z};font:12px/1.4 system-ui,sans-serif;background:#1e3a8a;color:#fff;padding:1px 6px;border-radius:3px;white-space:nowrap;display:none`;
  doc.documentElement.append(box, label);
  let current: Element | null = null;

  const show = (element: Element | null) => {
    current = element;
    if (!element) {
      box.style.display = label.style.display = 'none';
      return;
    }
    const rect = element.getBoundingClientRect();
    Object.assign(box.style, { display: 'block', left: `${rect.x}px`, top: `${rect.y}px`, width: `${rect.width}px`, height: `${rect.height}px` });
    label.textContent = labelFor(element);
    Object.assign(label.style, { display: 'block', left: `${Math.max(0, rect.x)}px`, top: `${rect.y >= 20 ? rect.y - 20 : rect.bottom + 2}px` });
  };
  const pickable = (element: Element | null) => (element && element !== box && element !== label ? element : null);

  const onMove = (event: PointerEvent) => {
    if (event.isTrusted) show(pickable(doc.elementFromPoint(event.clientX, event.clientY)));
  };
  const choose = (element: Element) => {
    stop();
    post({ tag: BRIDGE_TAG, kind: 'picked', element: describeElement(element) });
  };
  const onSwallow = (event: Event) => {
    if (!event.isTrusted) return;
    event.preventDefault();
    event.stopPropagation();
    const target = pickable(event instanceof MouseEvent ? doc.elementFromPoint(event.clientX, event.clientY) : null);
    if (event.type === 'click' && target) choose(target);
  };
  const onKey = (event: KeyboardEvent) => {
    if (!event.isTrusted) return;
    const from = current ?? doc.body;
    const moves: Record<string, () => Element | null> = {
      ArrowUp: () => (from.parentElement && from.parentElement !== doc.documentElement ? from.parentElement : from),
      ArrowDown: () => from.firstElementChild ?? from,
      ArrowLeft: () => from.previousElementSibling ?? from,
      ArrowRight: () => from.nextElementSibling ?? from,
    };
    if (event.key === 'Escape') {
      stop();
      post({ tag: BRIDGE_TAG, kind: 'pick-ended' });
    } else if (event.key === 'Enter' && current) {
      choose(current);
    } else if (event.key in moves) {
      show(pickable(moves[event.key]?.() ?? null));
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  win.addEventListener('pointermove', onMove, true);
  for (const type of SWALLOWED) win.addEventListener(type, onSwallow, true);
  win.addEventListener('keydown', onKey, true);
  const previousCursor = doc.documentElement.style.cursor;
  doc.documentElement.style.cursor = 'crosshair';

  let stopped = false;
  function stop(): void {
    if (stopped) return;
    stopped = true;
    win.removeEventListener('pointermove', onMove, true);
    for (const type of SWALLOWED) win.removeEventListener(type, onSwallow, true);
    win.removeEventListener('keydown', onKey, true);
    doc.documentElement.style.cursor = previousCursor;
    box.remove();
    label.remove();
  }
  return stop;
}
