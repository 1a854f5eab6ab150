/**
 * `preview-message` events → the port's PreviewError. The message comes from the user's preview page,
 * so it is parsed rather than trusted; anything unrecognisable is dropped.
 */
import { z } from 'zod';
import type { PreviewError } from '../port';

const location = {
  port: z.number().optional(),
  pathname: z.string().optional(),
  search: z.string().optional(),
  hash: z.string().optional(),
};

const previewMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.enum(['PREVIEW_UNCAUGHT_EXCEPTION', 'PREVIEW_UNHANDLED_REJECTION']),
    message: z.string(),
    stack: z.string().optional(),
    ...location,
  }),
  z.object({
    type: z.literal('PREVIEW_CONSOLE_ERROR'),
    args: z.array(z.unknown()),
    stack: z.string().optional(),
    ...location,
  }),
]);

function describeArg(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  try {
    return JSON.stringify(arg) ?? String(arg);
  } catch {
    return String(arg);
  }
}

export function toPreviewError(message: unknown, now: () => number = Date.now): PreviewError | null {
  const parsed = previewMessageSchema.safeParse(message);
  if (!parsed.success) return null;
  const m = parsed.data;
  const text = m.type === 'PREVIEW_CONSOLE_ERROR' ? m.args.map(describeArg).join(' ') : m.message;
  const page = `${m.pathname ?? '/'}${m.search ?? ''}${m.hash ?? ''}`;
  return {
    message: m.type === 'PREVIEW_UNHANDLED_REJECTION' ? `Unhandled rejection: ${text}` : text,
    stack: m.stack,
    source: m.port === undefined ? page : `localhost:${m.port}${page}`,
    at: now(),
  };
}
