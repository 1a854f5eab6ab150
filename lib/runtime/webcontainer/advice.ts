/**
 * WebContainer's own error texts, turned into sentences that say what happened and what to do next. The raw
 * text stays at the end, in its own words, for whoever needs to search for it.
 */

/** The sites WebContainer runs on: its frame (stackblitz.com) and its previews. */
export const WEBCONTAINER_STORAGE_SITES = ['[*.]stackblitz.com', '[*.]webcontainer-api.io', '[*.]webcontainer.io'] as const;

const STORAGE_BLOCKED_ADVICE =
  'WebContainer could not use its storage: this browser blocks third-party cookies or storage for the sites ' +
  `it runs on. Allow them for ${WEBCONTAINER_STORAGE_SITES.join(', ')} — in Chrome: Settings › Privacy and ` +
  'security › Third-party cookies › "Allowed to use third-party cookies" › Add; in Firefox: the shield in the ' +
  'address bar › turn off Enhanced Tracking Protection for this site; in Brave: Shields down for this site — ' +
  'then reload the page.';

export const OUT_OF_MEMORY_ADVICE =
  'WebContainer ran out of memory. Close other tabs that run WebContainer (other IDE tabs, StackBlitz, bolt) ' +
  'and reload the page, or switch this workspace to the offline runtime.';

export const DISPOSED_MESSAGE = 'The runtime was shut down (the workspace was closed or switched to another runtime); reopen the workspace to run it again.';

/** What the client throws for any call once teardown() released its proxies. */
const RELEASED = /proxy has been released/i;
const STORAGE = /third[- ]party|cookie|storage access|localstorage|indexeddb|securityerror|access is denied for this document/i;
const OUT_OF_MEMORY = /out of memory|could not allocate memory|array buffer allocation failed|allocation failed.*heap/i;

/** WebAssembly's own words when the tab has no memory left for an instance, as a program in the container prints them. */
export const WASM_OUT_OF_MEMORY = /WebAssembly\.\w+\(\): (?:Out of memory|could not allocate memory)/;

type WebContainerTrouble = 'storage-blocked' | 'out-of-memory' | 'disposed';

export function classifyWebContainerError(message: string): WebContainerTrouble | null {
  if (RELEASED.test(message)) return 'disposed';
  if (OUT_OF_MEMORY.test(message)) return 'out-of-memory';
  if (STORAGE.test(message)) return 'storage-blocked';
  return null;
}

export function isReleasedError(message: string): boolean {
  return RELEASED.test(message);
}

/** The message with its next step in front, or the message as it came when there is nothing to add. */
export function withAdvice(message: string): string {
  switch (classifyWebContainerError(message)) {
    case 'disposed':
      return DISPOSED_MESSAGE;
    case 'out-of-memory':
      return `${OUT_OF_MEMORY_ADVICE} (WebContainer said: ${message})`;
    case 'storage-blocked':
      return `${STORAGE_BLOCKED_ADVICE} (WebContainer said: ${message})`;
    default:
      return message;
  }
}
