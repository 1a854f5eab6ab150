/**
 * The page side of the dev server (`/@vite/client`): Vite's `import.meta.hot` API for the modules it serves,
 * updates fetched by long polling (a preview page reaches the server only through HTTP requests), style tags
 * for imported CSS, and an error overlay that names the file and line and goes away with the next good update.
 * Plain browser JavaScript, served as text.
 */
export const CLIENT_SOURCE = String.raw`
const base = new URL('../', import.meta.url).pathname;
const hotModules = new Map();
const disposers = new Map();
const pruners = new Map();
const dataMap = new Map();
let seq = -1;
let server = null;

console.debug('[vite] connected.');

class ErrorOverlay extends HTMLElement {
  constructor(err) {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const where = err.file ? err.file + (err.line ? ':' + err.line + (err.column ? ':' + err.column : '') : '') : '';
    root.innerHTML = '<style>:host{position:fixed;inset:0;z-index:99999;background:rgba(0,0,0,.66);display:flex;align-items:flex-start;justify-content:center;font-family:ui-monospace,monospace}'
      + '.window{margin-top:8vh;max-width:90vw;background:#181818;color:#d8d8d8;border-top:8px solid #ff5555;border-radius:6px;padding:24px 28px;box-shadow:0 10px 40px rgba(0,0,0,.5)}'
      + '.message{color:#ff5555;font-weight:600;white-space:pre-wrap;margin:0 0 12px}.file{color:#2dd9da;margin:0 0 12px}pre{white-space:pre-wrap;margin:0}.tip{color:#999;font-size:12px;margin-top:16px}</style>'
      + '<div class="window" role="alert"><p class="message"></p><p class="file"></p><pre class="frame"></pre>'
      + '<div class="tip">Click outside, press Esc, or fix the code to dismiss.</div></div>';
    root.querySelector('.message').textContent = '[plugin:' + (err.plugin || 'vite:esbuild') + '] ' + err.message;
    root.querySelector('.file').textContent = where;
    root.querySelector('.frame').textContent = err.frame || '';
    this.addEventListener('click', (event) => { if (event.target === this) this.remove(); });
    document.addEventListener('keydown', (event) => { if (event.key === 'Escape') this.remove(); }, { once: true });
  }
}
if (!customElements.get('vite-error-overlay')) customElements.define('vite-error-overlay', ErrorOverlay);

function clearOverlay() {
  document.querySelectorAll('vite-error-overlay').forEach((node) => node.remove());
}

function showOverlay(err) {
  clearOverlay();
  document.body.appendChild(new ErrorOverlay(err));
  const error = new Error(err.message + (err.file ? ' (' + err.file + (err.line ? ':' + err.line : '') + ')' : ''));
  // The preview's error reporter listens for uncaught errors: report the compile error the same way.
  if (typeof reportError === 'function') reportError(error);
  else setTimeout(() => { throw error; });
}

const styles = new Map();
export function updateStyle(id, css) {
  let style = styles.get(id);
  if (!style) {
    style = document.createElement('style');
    style.setAttribute('type', 'text/css');
    style.setAttribute('data-vite-dev-id', id);
    document.head.appendChild(style);
    styles.set(id, style);
  }
  style.textContent = css;
}
export function removeStyle(id) {
  const style = styles.get(id);
  if (style) { style.remove(); styles.delete(id); }
}

export function createHotContext(ownerPath) {
  if (!dataMap.has(ownerPath)) dataMap.set(ownerPath, {});
  // A module's new instance registers its callbacks again.
  const record = { callbacks: [] };
  hotModules.set(ownerPath, record);
  const accept = (deps, callback) => record.callbacks.push({ deps, fn: callback || (() => {}) });
  return {
    get data() { return dataMap.get(ownerPath); },
    accept(deps, callback) {
      if (typeof deps === 'function' || !deps) accept([ownerPath], ([mod]) => deps && deps(mod));
      else if (typeof deps === 'string') accept([deps], ([mod]) => callback && callback(mod));
      else accept(deps, callback);
    },
    acceptExports(_, callback) { accept([ownerPath], ([mod]) => callback && callback(mod)); },
    dispose(callback) { disposers.set(ownerPath, callback); },
    prune(callback) { pruners.set(ownerPath, callback); },
    decline() {},
    invalidate(message) {
      console.debug('[vite] invalidate ' + ownerPath + (message ? ': ' + message : ''));
      location.reload();
    },
    on() {},
    off() {},
    send() {},
  };
}

async function fetchUpdate(update) {
  const record = hotModules.get(update.path);
  if (!record) return;
  const dispose = disposers.get(update.acceptedPath);
  if (dispose) await dispose(dataMap.get(update.acceptedPath));
  const [path, query] = update.acceptedPath.split('?');
  const url = base + path.slice(1) + '?' + (query ? query + '&' : '') + 't=' + update.timestamp;
  const mod = await import(url);
  for (const { deps, fn } of record.callbacks) {
    if (deps.includes(update.acceptedPath)) fn(deps.map((dep) => (dep === update.acceptedPath ? mod : undefined)));
  }
  console.debug('[vite] hot updated: ' + update.acceptedPath);
}

let queue = Promise.resolve();
async function handle(event) {
  if (event.type === 'update') {
    clearOverlay();
    for (const update of event.updates) {
      try {
        await fetchUpdate(update);
      } catch (error) {
        console.error('[vite] failed to update ' + update.acceptedPath, error);
        location.reload();
        return;
      }
    }
  } else if (event.type === 'full-reload') {
    location.reload();
  } else if (event.type === 'error') {
    showOverlay(event.err);
  } else if (event.type === 'prune') {
    for (const path of event.paths) {
      const prune = pruners.get(path);
      if (prune) prune(dataMap.get(path));
    }
  }
}

async function poll() {
  for (;;) {
    try {
      const response = await fetch(base + '@vite/hmr?since=' + seq, { cache: 'no-store' });
      const body = await response.json();
      if (server !== null && body.server !== server) return location.reload();
      server = body.server;
      for (const event of body.events) queue = queue.then(() => handle(event));
      seq = body.seq;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
poll();
`;
