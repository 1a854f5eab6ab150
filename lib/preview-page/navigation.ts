/**
 * Navigation the model may ask for, kept inside the preview: same origin only, and for offline previews
 * (served under /__virtual__/<port>/ on the IDE's own origin) inside that prefix, so "/about" means the app's
 * /about and never an IDE page.
 */
import { BridgeError } from './dom';

const VIRTUAL_PREFIX = /^\/__virtual__\/\d+(?=\/|$)/;

/** The URL `navigate` should load, or a BridgeError saying why not. */
export function resolvePreviewUrl(requested: string, current: URL): URL {
  const base = VIRTUAL_PREFIX.exec(current.pathname)?.[0] ?? '';
  let url: URL;
  try {
    // A root-relative path is relative to the app's root, which is the virtual prefix offline.
    url =
      requested.startsWith('/') && !requested.startsWith('//') && base && !requested.startsWith(`${base}/`) && requested !== base
        ? new URL(base + requested, current)
        : new URL(requested, current);
  } catch {
    throw new BridgeError('BadUrl', `"${requested}" is not a URL or path`);
  }
  if (url.origin !== current.origin) {
    throw new BridgeError('NavigationRefused', `navigation is limited to the preview (${current.origin}${base}/); "${requested}" leaves it`);
  }
  if (base && !(url.pathname === base || url.pathname.startsWith(`${base}/`))) {
    throw new BridgeError('NavigationRefused', `navigation is limited to the preview (${base}/); "${requested}" leaves it`);
  }
  return url;
}

interface NavigationLike {
  canGoBack: boolean;
  canGoForward: boolean;
  back(): unknown;
  forward(): unknown;
}

/** back/forward within this frame's own history; the joint session history could otherwise move the IDE. */
export function historyStep(win: Window, direction: 'back' | 'forward'): () => void {
  const navigation = (win as Window & { navigation?: NavigationLike }).navigation;
  if (!navigation) throw new BridgeError('Unsupported', `${direction} needs the Navigation API, which this browser lacks`);
  const possible = direction === 'back' ? navigation.canGoBack : navigation.canGoForward;
  if (!possible) throw new BridgeError('NoHistory', `the preview has no page to go ${direction} to`);
  return () => void (direction === 'back' ? navigation.back() : navigation.forward());
}

let navigating = false;

/** Watches for this document starting to navigate away, so an action's result can say so. */
export function watchNavigation(win: Window): void {
  const mark = () => (navigating = true);
  win.addEventListener('beforeunload', mark);
  win.addEventListener('pagehide', mark);
  const navigation = (win as Window & { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigate', (event) => {
    // Same-document (pushState/hash) navigations keep this bridge alive: only cross-document ones count.
    const detail = event as Event & { hashChange?: boolean; destination?: { sameDocument?: boolean } };
    if (!detail.destination?.sameDocument) navigating = true;
  });
}

export function isNavigating(): boolean {
  return navigating;
}
