/**
 * What the preview page logs, for the agent's preview_logs: console messages, uncaught errors, unhandled
 * rejections and failed requests (fetch answered with 4xx/5xx or not at all, resources that failed to load),
 * since the page loaded. Capped: the first entries (usually the cause) and the latest are kept, the middle is
 * counted as dropped. The loader records what happens before the bridge arrives in EARLY_LOGS_KEY.
 */
import type { PreviewLogEntry } from '@/lib/agent/tool-schemas';

export const LOG_CAP = 200;
/** A message is cut to this length: a logged object graph or a minified stack can be huge. */
const LOG_MESSAGE_MAX = 1_000;
/** Where the bridge loader buffers entries logged before the bridge script ran. */
export const EARLY_LOGS_KEY = '__tabsmithEarlyLogs';

type Level = PreviewLogEntry['level'];

export interface LogCapture {
  read(): { entries: PreviewLogEntry[]; dropped: number; url: string };
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack && value.stack.includes(value.message) ? value.stack : `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const clip = (text: string) => (text.length > LOG_MESSAGE_MAX ? `${text.slice(0, LOG_MESSAGE_MAX)}…` : text);

export function installLogCapture(win: Window & typeof globalThis): LogCapture {
  const head: PreviewLogEntry[] = [];
  const tail: PreviewLogEntry[] = [];
  let dropped = 0;
  const half = LOG_CAP / 2;
  const add = (entry: Omit<PreviewLogEntry, 'at' | 'message'> & { message: string; at?: number }) => {
    const full: PreviewLogEntry = { ...entry, message: clip(entry.message), at: Math.round(entry.at ?? win.performance.now()) };
    if (head.length < half) head.push(full);
    else {
      tail.push(full);
      if (tail.length > half) {
        tail.shift();
        dropped++;
      }
    }
  };

  const early = (win as unknown as Record<string, unknown>)[EARLY_LOGS_KEY];
  if (Array.isArray(early)) for (const entry of early as PreviewLogEntry[]) add(entry);
  (win as unknown as Record<string, unknown>)[EARLY_LOGS_KEY] = undefined;

  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const satisfies readonly Level[]) {
    const original = win.console[level].bind(win.console);
    win.console[level] = (...args: unknown[]) => {
      add({ kind: 'console', level, message: args.map(describe).join(' ') });
      original(...args);
    };
  }
  win.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      // A failed <script>/<img>/<link> fires a plain Event on the element, not an ErrorEvent on the window.
      if (target && target !== win && target instanceof win.Element) {
        const url = (target as HTMLScriptElement).src || (target as HTMLLinkElement).href || '';
        add({ kind: 'request', level: 'error', message: `${target.tagName.toLowerCase()} failed to load`, url });
        return;
      }
      const error = event as ErrorEvent;
      const where = error.filename ? ` (${error.filename}:${error.lineno}:${error.colno})` : '';
      add({ kind: 'error', level: 'error', message: `${error.error ? describe(error.error) : error.message}${where}` });
    },
    true,
  );
  win.addEventListener('unhandledrejection', (event) => add({ kind: 'rejection', level: 'error', message: describe(event.reason) }));

  if (typeof win.fetch === 'function') wrapFetch(win, add);
  return { read: () => ({ entries: [...head, ...tail], dropped, url: win.location.href }) };
}

function wrapFetch(win: Window & typeof globalThis, add: (entry: Omit<PreviewLogEntry, 'at'>) => void): void {
  const originalFetch = win.fetch.bind(win);
  win.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    try {
      const response = await originalFetch(input, init);
      if (!response.ok) add({ kind: 'request', level: 'error', message: `${init?.method ?? 'GET'} ${url} → ${response.status}`, url, status: response.status });
      return response;
    } catch (error) {
      add({ kind: 'request', level: 'error', message: `${init?.method ?? 'GET'} ${url} failed: ${describe(error)}`, url });
      throw error;
    }
  };
}

/**
 * ES5 for the bridge loader: buffers uncaught errors, rejections and console messages until the bridge script
 * has loaded and taken over (the app's scripts can run before it).
 */
export const EARLY_CAPTURE_SCRIPT = `(function(w){
if (w.${EARLY_LOGS_KEY}) return;
var b = w.${EARLY_LOGS_KEY} = [];
function t(){ return Math.round(w.performance.now()); }
function s(v){ try { return v instanceof Error ? (v.stack || v.message) : typeof v === 'string' ? v : JSON.stringify(v); } catch (e) { return String(v); } }
w.addEventListener('error', function(e){ if (w.${EARLY_LOGS_KEY} === b && !(e.target && e.target !== w)) b.push({ kind: 'error', level: 'error', message: e.error ? s(e.error) : e.message, at: t() }); }, true);
w.addEventListener('unhandledrejection', function(e){ if (w.${EARLY_LOGS_KEY} === b) b.push({ kind: 'rejection', level: 'error', message: s(e.reason), at: t() }); });
['log', 'info', 'warn', 'error', 'debug'].forEach(function(l){ var o = w.console[l]; w.console[l] = function(){ if (w.${EARLY_LOGS_KEY} === b) b.push({ kind: 'console', level: l, message: Array.prototype.map.call(arguments, s).join(' '), at: t() }); return o.apply(w.console, arguments); }; });
})(window);`;
