/**
 * An element the user picked in the preview, attached to their next message: the agent gets where its source
 * is and a picture of it, cropped from a screenshot of the preview.
 */
import type { FileUIPart } from 'ai';
import type { PickedElement, Screenshot } from '@/lib/computer-use/types';
import { Listeners } from '@/lib/runtime/listeners';
import { readAsDataUrl } from './useAttachments';

export interface ElementAttachment {
  element: PickedElement;
  /** The element cropped from the preview (PNG), or null when the preview could not be captured. */
  image: FileUIPart | null;
}

/** Room around the element in the crop, in CSS pixels, so its edges and a little context show. */
const MARGIN = 8;

/** The element's part of a screenshot of the preview, as a PNG image part. */
export async function cropToElement(shot: Screenshot, rect: PickedElement['rect']): Promise<FileUIPart | null> {
  const scale = shot.width / shot.viewport.width;
  const left = Math.max(0, Math.floor((rect.x - MARGIN) * scale));
  const top = Math.max(0, Math.floor((rect.y - MARGIN) * scale));
  const right = Math.min(shot.width, Math.ceil((rect.x + rect.width + MARGIN) * scale));
  const bottom = Math.min(shot.height, Math.ceil((rect.y + rect.height + MARGIN) * scale));
  if (right <= left || bottom <= top) return null;
  const bytes = Uint8Array.from(atob(shot.base64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: shot.mimeType }), left, top, right - left, bottom - top);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  const url = await readAsDataUrl(await canvas.convertToBlob({ type: 'image/png' }));
  return { type: 'file', mediaType: 'image/png', filename: 'selected-element.png', url };
}

/** How the chip names the element: `<button> “count is 0” · App · src/App.jsx:9`. */
export function elementLabel(element: PickedElement): string {
  const text = element.text ? ` “${element.text.length > 40 ? `${element.text.slice(0, 39)}…` : element.text}”` : '';
  const component = element.component ? ` · ${element.component}` : '';
  const where = element.source ? ` · ${element.source.file}:${element.source.line}` : '';
  return `<${element.tag}>${text}${component}${where}`;
}

/** What the agent reads ahead of the user's message: the element, where it is written, and that a picture follows. */
export function elementContext({ element, image }: ElementAttachment): string {
  const lines = [
    `The user selected this element in the preview: <${element.tag}>${element.text ? ` with the text "${element.text}"` : ''}.`,
    element.source
      ? `It is written in ${element.source.file} at line ${element.source.line}, column ${element.source.column}.`
      : 'The dev server did not mark where it is written: find it by its text and classes.',
  ];
  if (element.component) lines.push(`It is rendered by the component ${element.component}.`);
  if (element.classes) lines.push(`Its classes: ${element.classes}`);
  if (image) lines.push('A picture of it is attached.');
  return lines.join('\n');
}

/** The element waiting for the next message: the preview sets it, the composer shows it and sends it with the message. */
export class PickedElementSlot {
  private value: ElementAttachment | null = null;
  private readonly listeners = new Listeners<[]>();

  get = (): ElementAttachment | null => this.value;
  set = (value: ElementAttachment | null): void => {
    this.value = value;
    this.listeners.emit();
  };
  subscribe = (listener: () => void): (() => void) => this.listeners.add(listener);
}
