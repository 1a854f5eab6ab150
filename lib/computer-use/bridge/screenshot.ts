/**
 * Screenshot of the visible viewport, taken inside the page with modern-screenshot (the IDE cannot read a
 * cross-origin frame's pixels). The document is cloned at the viewport's size and shifted by the scroll offset;
 * position:fixed elements keep their place because the shift is a relative offset (no transform, which would
 * make the root their containing block). Marks are drawn on the canvas afterwards; the DOM is never changed.
 */
import { domToCanvas } from 'modern-screenshot';
import type { Mark, Screenshot } from '../types';
import { drawMarks, rememberMarks, selectMarks } from './marks';

/** Model APIs and the step log both suffer from large images: above this, the PNG is halved. */
export const MAX_PNG_BYTES = 200 * 1024;
/** …but never below this width, where text stops being legible. */
const MIN_WIDTH = 320;

function pageBackground(doc: Document): string {
  const view = doc.defaultView;
  for (const element of [doc.documentElement, doc.body]) {
    const color = element && view?.getComputedStyle(element).backgroundColor;
    if (color && color !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(color)) return color;
  }
  return '#ffffff';
}

/**
 * The clone copies attributes, so live state that only lives in properties (a clicked checkbox, a chosen
 * option) would render stale. For the capture, attributes mirror the properties; they are put back after.
 * Attribute changes do not alter a control whose state the user (or the bridge) already changed.
 */
function mirrorFormState(doc: Document): () => void {
  const undo: (() => void)[] = [];
  const mirror = (element: Element, name: string, on: boolean) => {
    if (element.hasAttribute(name) === on) return;
    if (on) {
      element.setAttribute(name, '');
      undo.push(() => element.removeAttribute(name));
    } else {
      const value = element.getAttribute(name) ?? '';
      element.removeAttribute(name);
      undo.push(() => element.setAttribute(name, value));
    }
  };
  for (const input of Array.from(doc.querySelectorAll('input[type=checkbox], input[type=radio]'))) {
    if (input instanceof HTMLInputElement) mirror(input, 'checked', input.checked);
  }
  for (const option of Array.from(doc.querySelectorAll('option'))) {
    if (option instanceof HTMLOptionElement) mirror(option, 'selected', option.selected);
  }
  return () => undo.reverse().forEach((step) => step());
}

async function capture(doc: Document): Promise<HTMLCanvasElement> {
  const restore = mirrorFormState(doc);
  try {
    return await captureViewport(doc);
  } finally {
    restore();
  }
}

async function captureViewport(doc: Document): Promise<HTMLCanvasElement> {
  const view = doc.defaultView;
  if (!view) throw new Error('the document has no window');
  const width = view.innerWidth;
  const height = view.innerHeight;
  const { scrollX, scrollY } = view;
  const bodyTransform = doc.body ? view.getComputedStyle(doc.body).transform : 'none';
  return domToCanvas(doc.documentElement, {
    width,
    height,
    scale: 1,
    backgroundColor: pageBackground(doc),
    timeout: 5000,
    // Inner scroll containers (a scrolled list) render scrolled, as the person sees them.
    features: { restoreScrollPosition: true },
    onCloneNode(cloned) {
      if (!(cloned instanceof view.HTMLElement) && !(cloned instanceof HTMLElement)) return;
      const root = cloned as HTMLElement;
      // restoreScrollPosition shifted the root's children with a transform; undo it and offset the root instead.
      for (const child of Array.from(root.children)) {
        if (child.tagName === 'BODY') (child as HTMLElement).style.transform = bodyTransform === 'none' ? '' : bodyTransform;
      }
      root.style.setProperty('position', 'relative', 'important');
      root.style.setProperty('top', `${-scrollY}px`, 'important');
      root.style.setProperty('left', `${-scrollX}px`, 'important');
      root.style.setProperty('width', `${width + scrollX}px`, 'important');
      root.style.setProperty('height', `${height + scrollY}px`, 'important');
      root.style.setProperty('overflow', 'visible', 'important');
    },
  });
}

function canvasToBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the screenshot canvas could not be encoded'))), 'image/png');
  });
}

async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // Chunked: String.fromCharCode(...bytes) overflows the stack on large images.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function scaled(source: HTMLCanvasElement, factor: number): HTMLCanvasElement {
  const canvas = source.ownerDocument.createElement('canvas');
  canvas.width = Math.max(1, Math.round(source.width * factor));
  canvas.height = Math.max(1, Math.round(source.height * factor));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas context');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

export async function takeScreenshot(doc: Document, options: { marks?: boolean } = {}): Promise<Screenshot> {
  const view = doc.defaultView;
  if (!view) throw new Error('the document has no window');
  const viewport = { width: view.innerWidth, height: view.innerHeight };
  // Marks are measured before capture so boxes and pixels describe the same moment.
  const marked = options.marks ? selectMarks(doc) : [];
  let canvas = await capture(doc);
  let marks: Mark[] | undefined;
  if (options.marks) {
    rememberMarks(marked);
    marks = marked.map((m) => m.mark);
    const context = canvas.getContext('2d');
    if (context) drawMarks(context, marks, canvas.width / viewport.width);
  }
  let blob = await canvasToBlob(canvas);
  while (blob.size > MAX_PNG_BYTES && canvas.width / 2 >= MIN_WIDTH) {
    canvas = scaled(canvas, 0.5);
    blob = await canvasToBlob(canvas);
  }
  return {
    pngBase64: await blobToBase64(blob),
    width: canvas.width,
    height: canvas.height,
    viewport,
    url: view.location.href,
    ...(marks ? { marks } : {}),
  };
}
