/**
 * Images in user messages: UI message `file` parts whose `url` is a base64 data URL. The limits keep a
 * message with images well under the route's body limit (base64 adds a third), and are shared by the
 * composer (which refuses a file with a sentence) and the route's schema (which refuses the request).
 */
import { z } from 'zod';

const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
const MAX_IMAGES_PER_MESSAGE = 4;
/** Decoded bytes of one image. */
export const MAX_IMAGE_BYTES = 1024 * 1024;
/** Decoded bytes of all the images of one message. */
const MAX_MESSAGE_IMAGE_BYTES = 2 * 1024 * 1024;

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** Decoded size of a base64 data URL's payload (0 when it is not one). */
export function dataUrlBytes(url: string): number {
  const match = DATA_URL.exec(url);
  const base64 = match?.[2] ?? '';
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

const imagePartSchema = z
  .object({
    type: z.literal('file'),
    mediaType: z.enum(IMAGE_MEDIA_TYPES, { error: `only images can be attached (${IMAGE_MEDIA_TYPES.join(', ')})` }),
    filename: z.string().max(255).optional(),
    url: z.string().regex(DATA_URL, 'an attached image must be a base64 data URL'),
  })
  .refine((part) => DATA_URL.exec(part.url)?.[1] === part.mediaType, 'the data URL does not hold the media type the part names')
  .refine((part) => dataUrlBytes(part.url) <= MAX_IMAGE_BYTES, `an image may be at most ${formatBytes(MAX_IMAGE_BYTES)}`);

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** Why a message's parts break the image rules, or null. Checks `file` parts only; other parts pass. */
export function imagePartsProblem(parts: readonly unknown[]): string | null {
  const files = parts.filter((part) => typeof part === 'object' && part !== null && (part as { type?: unknown }).type === 'file');
  if (files.length > MAX_IMAGES_PER_MESSAGE) return `a message may carry at most ${MAX_IMAGES_PER_MESSAGE} images (this one has ${files.length})`;
  let total = 0;
  for (const file of files) {
    const parsed = imagePartSchema.safeParse(file);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'an attached image is not valid';
    total += dataUrlBytes(parsed.data.url);
  }
  if (total > MAX_MESSAGE_IMAGE_BYTES)
    return `the images of one message may total at most ${formatBytes(MAX_MESSAGE_IMAGE_BYTES)} (these are ${formatBytes(total)})`;
  return null;
}

/** Why a picked or pasted file cannot be attached next to those already attached, or null. */
export function attachProblem(file: { name: string; type: string; size: number }, attached: readonly { bytes: number }[]): string | null {
  const name = file.name || 'The image';
  if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(file.type)) return `${name} is not an image the agent takes (PNG, JPEG, WebP or GIF).`;
  if (file.size > MAX_IMAGE_BYTES) return `${name} is ${formatBytes(file.size)}; an image may be at most ${formatBytes(MAX_IMAGE_BYTES)}.`;
  if (attached.length >= MAX_IMAGES_PER_MESSAGE) return `At most ${MAX_IMAGES_PER_MESSAGE} images per message.`;
  const total = attached.reduce((sum, a) => sum + a.bytes, 0) + file.size;
  if (total > MAX_MESSAGE_IMAGE_BYTES)
    return `${name} would bring this message's images to ${formatBytes(total)}; the limit is ${formatBytes(MAX_MESSAGE_IMAGE_BYTES)}.`;
  return null;
}
