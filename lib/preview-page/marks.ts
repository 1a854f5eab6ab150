/**
 * Set-of-Mark: the visible interactive elements, numbered in reading order. The numbers are drawn on the
 * screenshot canvas after capture (the page's DOM is never touched), and a label in a later action resolves to
 * the element it numbered, re-measured at that moment.
 */
import type { Mark } from '../computer-use/types';
import { deepElementFromPoint, describeElement } from './dom';

const INTERACTIVE_SELECTOR = [
  'a[href]',
  'button',
  'input:not([type=hidden])',
  'select',
  'textarea',
  'summary',
  '[role=button]',
  '[role=link]',
  '[role=checkbox]',
  '[role=tab]',
  '[role=menuitem]',
  '[onclick]',
  '[contenteditable=""]',
  '[contenteditable=true]',
].join(', ');

function isInteractive(element: Element): boolean {
  if (element.matches(INTERACTIVE_SELECTOR)) return true;
  const tabindex = element.getAttribute('tabindex');
  return tabindex !== null && Number(tabindex) >= 0;
}

/** Every interactive element, including inside open shadow roots. */
function collect(root: Document | ShadowRoot, out: Element[]): void {
  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (isInteractive(element)) out.push(element);
    if (element.shadowRoot) collect(element.shadowRoot, out);
  }
}

interface MarkedElement {
  mark: Mark;
  element: Element;
}

/**
 * Visible = has a box inside the viewport, is not hidden by CSS, and (where layout exists) is what a point of
 * it actually hits: an element covered by a modal is not offered.
 */
export function selectMarks(doc: Document, options: { checkHit?: boolean } = {}): MarkedElement[] {
  const view = doc.defaultView;
  const width = view?.innerWidth ?? 0;
  const height = view?.innerHeight ?? 0;
  const found: Element[] = [];
  collect(doc, found);
  const marked: MarkedElement[] = [];
  for (const element of found) {
    if (element.closest('[inert], [aria-hidden=true]')) continue;
    if ((element as HTMLButtonElement).disabled) continue;
    const style = view?.getComputedStyle(element);
    if (style && (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)) continue;
    const rect = element.getBoundingClientRect();
    const left = Math.max(0, rect.left);
    const top = Math.max(0, rect.top);
    const right = Math.min(width, rect.right);
    const bottom = Math.min(height, rect.bottom);
    if (right - left < 2 || bottom - top < 2) continue;
    if (options.checkHit !== false) {
      const hit = deepElementFromPoint(doc, (left + right) / 2, (top + bottom) / 2);
      if (!hit || !(element === hit || element.contains(hit) || hit.contains(element) || hit.closest('label')?.contains(element))) continue;
    }
    // A link inside a marked button (or the reverse) would give two numbers to one target.
    if (marked.some((m) => m.element.contains(element) && m.element !== element && isInteractive(m.element) && m.element.matches('a, button'))) continue;
    marked.push({
      element,
      mark: {
        label: 0,
        x: Math.round(left),
        y: Math.round(top),
        width: Math.round(right - left),
        height: Math.round(bottom - top),
        description: describeElement(element),
      },
    });
  }
  // Reading order: rows top to bottom (8 px tolerance), then left to right.
  marked.sort((a, b) => (Math.abs(a.mark.y - b.mark.y) > 8 ? a.mark.y - b.mark.y : a.mark.x - b.mark.x));
  marked.forEach((m, i) => (m.mark.label = i + 1));
  return marked;
}

/** Labels of the last marked screenshot → elements. */
let lastMarks = new Map<number, Element>();

export function rememberMarks(marked: readonly MarkedElement[]): void {
  lastMarks = new Map(marked.map((m) => [m.mark.label, m.element]));
}

/** The center of a labelled element now (it may have moved since the screenshot). */
export function resolveLabel(label: number): { x: number; y: number } | null {
  const element = lastMarks.get(label);
  if (!element?.isConnected) return null;
  const view = element.ownerDocument.defaultView;
  const rect = element.getBoundingClientRect();
  const x = Math.round(Math.min(Math.max(rect.left + rect.width / 2, 0), (view?.innerWidth ?? 1) - 1));
  const y = Math.round(Math.min(Math.max(rect.top + rect.height / 2, 0), (view?.innerHeight ?? 1) - 1));
  return { x, y };
}

/** Draws numbered boxes on a screenshot canvas (`scale` = canvas px per CSS px). */
export function drawMarks(context: CanvasRenderingContext2D, marks: readonly Mark[], scale: number): void {
  const colors = ['#e11d48', '#2563eb', '#16a34a', '#d97706', '#7c3aed', '#0891b2'];
  context.save();
  context.font = `bold ${Math.max(10, Math.round(12 * scale))}px sans-serif`;
  context.textBaseline = 'top';
  for (const mark of marks) {
    const color = colors[mark.label % colors.length] ?? '#e11d48';
    const x = mark.x * scale;
    const y = mark.y * scale;
    context.strokeStyle = color;
    context.lineWidth = Math.max(1, 2 * scale);
    context.strokeRect(x, y, mark.width * scale, mark.height * scale);
    const text = String(mark.label);
    const pad = 2 * scale;
    const tagWidth = context.measureText(text).width + pad * 2;
    const tagHeight = Math.max(10, Math.round(12 * scale)) + pad * 2;
    // The tag sits above the box when there is room, otherwise inside its top-left corner.
    const tagY = y - tagHeight >= 0 ? y - tagHeight : y;
    context.fillStyle = color;
    context.fillRect(x, tagY, tagWidth, tagHeight);
    context.fillStyle = '#fff';
    context.fillText(text, x + pad, tagY + pad);
  }
  context.restore();
}
