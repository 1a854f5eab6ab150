/**
 * Errors reported by preview pages. Previews are served from the runtime site and embedded by the IDE, so the
 * script injected into them posts to the IDE window; only messages from the current runtime origin, and not
 * from the runtime frame itself, are taken, and each is validated and bounded.
 */
import { z } from 'zod';
import type { PreviewError, Unsubscribe } from '../../port';
import { PREVIEW_ERROR_TYPE } from '../../offline/preview-errors';

const previewErrorMessageSchema = z.object({
  type: z.literal(PREVIEW_ERROR_TYPE),
  message: z.string(),
  stack: z.string().optional(),
  source: z.string().optional(),
});

export interface FramedPreviewErrorOptions {
  origin(): string | null;
  runtimeFrame(): Window | null;
  emit(error: PreviewError): void;
}

export function listenForFramedPreviewErrors(target: Window, options: FramedPreviewErrorOptions): Unsubscribe {
  const onMessage = (event: MessageEvent) => {
    const origin = options.origin();
    if (!origin || event.origin !== origin || !event.source || event.source === options.runtimeFrame()) return;
    const parsed = previewErrorMessageSchema.safeParse(event.data);
    if (!parsed.success) return;
    const { message, stack, source } = parsed.data;
    options.emit({ message: message.slice(0, 4000), stack: stack?.slice(0, 8000), source: source?.slice(0, 2000), at: Date.now() });
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}
