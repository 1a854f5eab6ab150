/**
 * Errors reported by preview pages, and their word that earlier errors are past. Previews are served from the
 * runtime site and embedded by the IDE, so the script injected into them posts to the IDE window; only messages
 * from the current runtime origin, and not from the runtime frame itself, are taken, and each is validated and
 * bounded. A hostile page can at most report or clear its own errors.
 */
import { z } from 'zod';
import type { PreviewClear, PreviewError, Unsubscribe } from '../../port';
import { PREVIEW_CLEAR_TYPE, PREVIEW_ERROR_TYPE } from '@/lib/preview-page/error-script';

const previewMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal(PREVIEW_ERROR_TYPE),
    message: z.string(),
    stack: z.string().optional(),
    source: z.string().optional(),
    overlay: z.boolean().optional(),
  }),
  z.object({
    type: z.literal(PREVIEW_CLEAR_TYPE),
    reason: z.enum(['load', 'overlay']),
    since: z.number().finite(),
    source: z.string().optional(),
  }),
]);

interface FramedPreviewErrorOptions {
  origin(): string | null;
  runtimeFrame(): Window | null;
  emit(error: PreviewError): void;
  clear(clear: PreviewClear): void;
}

export function listenForFramedPreviewErrors(target: Window, options: FramedPreviewErrorOptions): Unsubscribe {
  const onMessage = (event: MessageEvent) => {
    const origin = options.origin();
    if (!origin || event.origin !== origin || !event.source || event.source === options.runtimeFrame()) return;
    const parsed = previewMessageSchema.safeParse(event.data);
    if (!parsed.success) return;
    const data = parsed.data;
    const source = data.source?.slice(0, 2000);
    if (data.type === PREVIEW_CLEAR_TYPE) {
      options.clear({ reason: data.reason, since: data.since, source });
      return;
    }
    const error: PreviewError = { message: data.message.slice(0, 4000), stack: data.stack?.slice(0, 8000), source, at: Date.now() };
    options.emit(data.overlay ? { ...error, overlay: true } : error);
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}
