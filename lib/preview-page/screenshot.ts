/**
 * Screenshot of the visible viewport, taken inside the page with modern-screenshot (the IDE cannot read a
 * cross-origin frame's pixels). The document is cloned at the viewport's size and shifted by the scroll offset;
 * position:fixed elements keep their place because the shift is a relative offset (no transform, which would
 * make the root their containing block). Marks are drawn on the canvas afterwards; the DOM is never changed.
 *
 * Size: Google recommends a steady screen of about 1440×900 for computer use, while the preview is whatever
 * size the panel has. The page is rendered once at the one scale that fits the viewport into 1440×900 (the
 * whole image, aspect ratio kept, text re-rendered rather than stretched), so every screenshot of a session
 * has the same size. Coordinates still refer to the viewport: the model's 0–999 grid is mapped against it.
 */
import { domToCanvas } from 'modern-screenshot';
import type { DisplaySize, Mark, Screenshot, ScreenshotMimeType } from '../computer-use/types';
import { drawMarks, rememberMarks, selectMarks } from './marks';
import { screenshotStyleProperties } from './style-properties';
import { screenshotFilter } from './visible';

/** The size screenshots are scaled to fit (Google's recommended computer-use screen). */
export const SCREENSHOT_TARGET: DisplaySize = { width: 1440, height: 900 };
/** Above this a PNG goes as JPEG, when the model takes JPEG: large images slow every turn (and drew 503s). */
export const MAX_PNG_BYTES = 400 * 1024;
const JPEG_QUALITY = 0.85;

/** The one scale factor for a viewport, and the image size it gives (as modern-screenshot rounds it). */
export function screenshotSize(viewport: DisplaySize, target: DisplaySize = SCREENSHOT_TARGET): DisplaySize & { scale: number } {
  // A hair over the exact ratio, so the side that should fill the target is not floored to one pixel short.
  const scale = Math.min(target.width / viewport.width, target.height / viewport.height) * (1 + 1e-9);
  return { scale, width: Math.floor(viewport.width * scale), height: Math.floor(viewport.height * scale) };
}

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

async function capture(doc: Document, scale: number): Promise<HTMLCanvasElement> {
  const restore = mirrorFormState(doc);
  try {
    return await captureViewport(doc, scale);
  } finally {
    restore();
  }
}

async function captureViewport(doc: Document, scale: number): Promise<HTMLCanvasElement> {
  const view = doc.defaultView;
  if (!view) throw new Error('the document has no window');
  const width = view.innerWidth;
  const height = view.innerHeight;
  const { scrollX, scrollY } = view;
  const bodyTransform = doc.body ? view.getComputedStyle(doc.body).transform : 'none';
  return domToCanvas(doc.documentElement, {
    width,
    height,
    scale,
    backgroundColor: pageBackground(doc),
    timeout: 5000,
    filter: screenshotFilter(doc),
    includeStyleProperties: screenshotStyleProperties(doc),
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

function canvasToBlob(canvas: HTMLCanvasElement, type: ScreenshotMimeType): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the screenshot canvas could not be encoded'))),
      type,
      type === 'image/jpeg' ? JPEG_QUALITY : undefined,
    );
  });
}

async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // Chunked: String.fromCharCode(...bytes) overflows the stack on large images.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** PNG; JPEG instead when the PNG is over MAX_PNG_BYTES and the model takes JPEG. The size never changes. */
async function encode(canvas: HTMLCanvasElement, allowJpeg: boolean): Promise<{ blob: Blob; mimeType: ScreenshotMimeType }> {
  const png = await canvasToBlob(canvas, 'image/png');
  if (png.size <= MAX_PNG_BYTES || !allowJpeg) return { blob: png, mimeType: 'image/png' };
  const jpeg = await canvasToBlob(canvas, 'image/jpeg');
  return jpeg.size < png.size ? { blob: jpeg, mimeType: 'image/jpeg' } : { blob: png, mimeType: 'image/png' };
}

export async function takeScreenshot(doc: Document, options: { marks?: boolean; allowJpeg?: boolean } = {}): Promise<Screenshot> {
  const view = doc.defaultView;
  if (!view) throw new Error('the document has no window');
  const viewport = { width: view.innerWidth, height: view.innerHeight };
  // Marks are measured before capture so boxes and pixels describe the same moment.
  const marked = options.marks ? selectMarks(doc) : [];
  const canvas = await capture(doc, screenshotSize(viewport).scale);
  let marks: Mark[] | undefined;
  if (options.marks) {
    rememberMarks(marked);
    marks = marked.map((m) => m.mark);
    const context = canvas.getContext('2d');
    if (context) drawMarks(context, marks, canvas.width / viewport.width);
  }
  const { blob, mimeType } = await encode(canvas, options.allowJpeg ?? false);
  return {
    base64: await blobToBase64(blob),
    mimeType,
    width: canvas.width,
    height: canvas.height,
    viewport,
    url: view.location.href,
    ...(marks ? { marks } : {}),
  };
}
