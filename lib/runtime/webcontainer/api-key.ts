/**
 * The WebContainer API key. StackBlitz made it a client-side key: `configureAPIKey` runs in the browser and
 * puts it into the address of WebContainer's frame, so anyone who opens the IDE can read it. The server hands
 * it to the page at request time (TABSMITH_WEBCONTAINER_API_KEY, read by lib/server/webcontainer-key.ts) in
 * the `<meta>` below, so changing it needs a restart, not a rebuild. Browser-safe: no Node APIs.
 */
import { z } from 'zod';

export const WEBCONTAINER_API_KEY_META_NAME = 'tabsmith-webcontainer-api-key';

/** What a key may look like: it ends up in a URL and a `<meta>`, so nothing that would need escaping. */
export const webContainerApiKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._~-]{1,512}$/, 'letters, digits and . _ ~ - only');

/** The key as the page received it, or null. */
export function readWebContainerApiKey(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): string | null {
  const content = doc?.querySelector<HTMLMetaElement>(`meta[name="${WEBCONTAINER_API_KEY_META_NAME}"]`)?.content;
  const parsed = webContainerApiKeySchema.safeParse(content);
  return parsed.success ? parsed.data : null;
}
