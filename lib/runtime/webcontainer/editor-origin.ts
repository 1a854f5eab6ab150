/**
 * The origin WebContainer's frame comes from: stackblitz.com, unless the page set the override the
 * `@webcontainer/api` module itself reads (`globalThis.WEBCONTAINER_API_IFRAME_URL`). The probe and the connect
 * page must use the same one as the module, or they would talk to a host the container does not live on.
 */
const DEFAULT_WEBCONTAINER_ORIGIN = 'https://stackblitz.com';

export function webContainerEditorOrigin(): string {
  const override = (globalThis as { WEBCONTAINER_API_IFRAME_URL?: unknown }).WEBCONTAINER_API_IFRAME_URL;
  return new URL(typeof override === 'string' ? override : DEFAULT_WEBCONTAINER_ORIGIN).origin;
}
