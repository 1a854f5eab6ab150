import type { PortEvent, PreviewClear, PreviewError } from '@/lib/runtime/port';

/**
 * What the preview pane knows: which server ports are open (and their URLs), which one is shown, and
 * the errors collected from preview pages (kept for the agent's later "fix with agent" button).
 */
interface PreviewState {
  ports: { port: number; url: string }[];
  selectedPort: number | null;
  errors: PreviewError[];
  /** Bumped to force the iframe to reload the same URL. */
  reloadKey: number;
  /** The path the preview was sent to on the shown server ("/" until the address field asks for another). */
  path: string;
  /** The URL of the page the preview last loaded, as the page reported it (links the user followed included). */
  pageUrl: string | null;
  /**
   * The shown page stopped answering and was loaded again on a fresh site (`at`: when). `halted`: it stopped
   * answering again soon after, so it is not loaded again until the user asks (a page that loops as it loads
   * would otherwise be reloaded every few seconds for ever).
   */
  stuck: { at: number; halted: boolean } | null;
}

export type PreviewAction =
  | { type: 'port'; event: PortEvent }
  | { type: 'server-ready'; port: number; url: string }
  | { type: 'select'; port: number }
  | { type: 'error'; error: PreviewError }
  | { type: 'clear'; clear: PreviewClear }
  | { type: 'dismiss-errors' }
  | { type: 'reload' }
  | { type: 'moved'; moved: { port: number; url: string }[]; at: number }
  | { type: 'navigate'; path: string };

/** A page stuck again within this long of being loaded again is not reloaded on its own a second time. */
export const STUCK_AGAIN_WITHIN_MS = 30_000;

/** Errors kept per session; older ones are dropped so a noisy page cannot grow memory without bound. */
export const MAX_PREVIEW_ERRORS = 50;

export const initialPreviewState: PreviewState = { ports: [], selectedPort: null, errors: [], reloadKey: 0, path: '/', pageUrl: null, stuck: null };

export function previewReducer(state: PreviewState, action: PreviewAction): PreviewState {
  const next = reduce(state, action);
  // Whatever loads the page again on the user's or a server's behalf starts the count of stuck pages afresh.
  const reloaded = (next.reloadKey !== state.reloadKey || next.selectedPort !== state.selectedPort) && action.type !== 'moved';
  return reloaded && next.stuck ? { ...next, stuck: null } : next;
}

function reduce(state: PreviewState, action: PreviewAction): PreviewState {
  switch (action.type) {
    case 'port':
      return action.event.type === 'open' ? openPort(state, action.event.port, action.event.url, false) : closePort(state, action.event.port);
    case 'server-ready':
      // A server that just became ready is what the user wants to see.
      return openPort(state, action.port, action.url, true);
    case 'select':
      if (!state.ports.some((p) => p.port === action.port) || state.selectedPort === action.port) return state;
      return { ...state, selectedPort: action.port, path: '/', pageUrl: null };
    case 'error':
      return { ...state, errors: [...state.errors, action.error].slice(-MAX_PREVIEW_ERRORS) };
    case 'clear': {
      const cleared = clearErrors(state, action.clear);
      return action.clear.reason === 'load' && action.clear.source ? { ...cleared, pageUrl: action.clear.source } : cleared;
    }
    case 'navigate':
      return { ...state, path: normalisePath(action.path), reloadKey: state.reloadKey + 1 };
    case 'dismiss-errors':
      return { ...state, errors: [] };
    case 'reload':
      return { ...state, reloadKey: state.reloadKey + 1 };
    case 'moved': {
      // The same servers at new addresses (a stuck preview was restarted on a fresh site): load the page again,
      // unless it was loaded again for the same reason moments ago.
      const url = new Map(action.moved.map((entry) => [entry.port, entry.url]));
      const ports = state.ports.map((p) => ({ ...p, url: url.get(p.port) ?? p.url }));
      const again = state.stuck !== null && (state.stuck.halted || action.at - state.stuck.at < STUCK_AGAIN_WITHIN_MS);
      if (again) return { ...state, ports, pageUrl: null, stuck: { at: action.at, halted: true } };
      return { ...state, ports, pageUrl: null, reloadKey: state.reloadKey + 1, stuck: { at: action.at, halted: false } };
    }
  }
}

/**
 * Drops the errors a page says are past, so the error bar (and "Fix with agent") shows only what is wrong now:
 * a page that loaded again clears everything reported before its navigation started; an error overlay that went
 * away clears the compile errors reported while it showed. Both only for the same server: another preview's
 * errors stay.
 */
function clearErrors(state: PreviewState, clear: PreviewClear): PreviewState {
  const server = serverOf(clear.source);
  const past = (error: PreviewError) =>
    (server === null || serverOf(error.source) === null || serverOf(error.source) === server) &&
    (clear.reason === 'load' ? error.at < clear.since : error.overlay === true);
  const errors = state.errors.filter((error) => !past(error));
  return errors.length === state.errors.length ? state : { ...state, errors };
}

/**
 * The server a preview URL or path belongs to: the port in the runtime's `/__virtual__/<port>/` paths, else the
 * URL's origin; null when it cannot be told.
 */
export function serverOf(source: string | undefined): string | null {
  if (!source) return null;
  const virtual = /\/__virtual__\/(\d+)(?:\/|$)/.exec(source);
  if (virtual) return `port ${virtual[1]}`;
  if (!URL.canParse(source)) return null;
  const { origin } = new URL(source);
  return origin === 'null' ? null : origin;
}

function openPort(state: PreviewState, port: number, url: string, select: boolean): PreviewState {
  const others = state.ports.filter((p) => p.port !== port);
  const ports = [...others, { port, url }].sort((a, b) => a.port - b.port);
  const selectedPort = select || state.selectedPort === null ? port : state.selectedPort;
  // A new server on the shown port is a new page: reload it. Another server starts at its own root.
  const reloadKey = selectedPort === port ? state.reloadKey + 1 : state.reloadKey;
  const moved = selectedPort !== state.selectedPort;
  return { ...state, ports, selectedPort, reloadKey, ...(moved ? { path: '/', pageUrl: null } : {}) };
}

function closePort(state: PreviewState, port: number): PreviewState {
  const ports = state.ports.filter((p) => p.port !== port);
  const selectedPort = state.selectedPort === port ? (ports[0]?.port ?? null) : state.selectedPort;
  return { ...state, ports, selectedPort };
}

/** The shown server's root URL (what the port's server answers at "/"). */
export function selectedUrl(state: PreviewState): string | null {
  return state.ports.find((p) => p.port === state.selectedPort)?.url ?? null;
}

/** What the address field typed becomes: a path from the server's root, with its query and hash. */
export function normalisePath(typed: string): string {
  const text = typed.trim();
  if (!text) return '/';
  // A full address of the same server ("http://localhost:5173/about") keeps only its path.
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i.exec(text);
  const path = absolute ? (absolute[1] ?? '/') : text;
  return path.startsWith('/') ? path : `/${path}`;
}

/** The URL the preview frame loads: the shown server's root plus the path asked for. */
export function frameUrl(state: PreviewState): string | null {
  const root = selectedUrl(state);
  return root === null ? null : `${root.replace(/\/$/, '')}${state.path}`;
}

/** The path of the page the preview shows now, relative to the server's root; `fallback` when unknown. */
export function shownPath(state: PreviewState, fallback: string): string {
  const root = selectedUrl(state);
  if (!root || !state.pageUrl) return fallback;
  const base = new URL(root, 'http://preview.invalid');
  const page = new URL(state.pageUrl, base);
  if (page.origin !== base.origin || !page.pathname.startsWith(base.pathname.replace(/\/?$/, '/'))) return fallback;
  return `/${page.pathname.slice(base.pathname.replace(/\/?$/, '/').length)}${page.search}${page.hash}`;
}

export const DEVICE_SIZES = {
  phone: { label: 'Phone', width: 390, height: 844 },
  tablet: { label: 'Tablet', width: 820, height: 1180 },
  desktop: { label: 'Desktop', width: null, height: null },
} as const;

export type DeviceSize = keyof typeof DEVICE_SIZES;
