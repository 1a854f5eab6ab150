/**
 * `vite` (dev): an HTTP server inside the runtime that serves index.html with the HMR client, compiles
 * modules on request (transform.ts), serves pre-bundled packages, `public/` and assets, and turns file
 * changes — from the editor, the agent or the shell, all of which write the runtime's file system — into
 * hot updates, full reloads or an error overlay.
 */
import { CLIENT_SOURCE } from './client-source';
import type { ResolvedConfig } from './config';
import { createDebug, timed } from './debug';
import { DepOptimizer } from './deps';
import { HmrChannel } from './hmr-channel';
import { extOf, isFile, joinPath, type HttpResponse, type HttpServer, type ViteHost } from './host';
import { devHtml } from './html';
import { ModuleGraph } from './module-graph';
import { REFRESH_RUNTIME_FILE } from './refresh';
import { resolveBrowser } from './resolve-browser';
import { scanDependencies } from './scan';
import { contentTypeOf, HTML_TYPE, JS_TYPE } from './static';
import { JS_EXTENSIONS, TransformError, transformRequest, type TransformContext, type TransformResult } from './transform';

export interface DevServer {
  server: HttpServer;
  ready: Promise<void>;
  close(): void;
}

const NO_CACHE = { 'Cache-Control': 'no-cache' };
const SETTLE_MS = 15;

function send(res: HttpResponse, status: number, type: string, body: string | Uint8Array): void {
  res.writeHead(status, { 'Content-Type': type, ...NO_CACHE });
  res.end(body);
}

function errorEvent(error: unknown) {
  if (error instanceof TransformError) {
    return { message: error.message, file: error.file, line: error.line, column: error.column, frame: error.frame, plugin: error.plugin };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

export function startDevServer(host: ViteHost, config: ResolvedConfig): DevServer {
  const deps = new DepOptimizer(host);
  const graph = new ModuleGraph();
  const hmr = new HmrChannel();
  const ctx: TransformContext = { dev: true, host, config, deps, graph, missingDeps: new Set() };
  let depsServed = false;

  // What compiled modules import without the sources saying so: the JSX runtime and the framework's internals.
  const implied = [...config.pluginDeps, `${config.jsxImportSource}/jsx-dev-runtime`].filter((specifier) => resolveBrowser(host.fs, specifier, host.root));
  const debugDeps = createDebug(host, 'vite:deps');
  const debugRequests = createDebug(host, 'vite:request');
  const scanned = [...new Set([...scanDependencies(host.fs, host.root, config.alias), ...implied])];
  debugDeps?.(`scanned: ${scanned.join(', ')}`);
  const ready = timed(debugDeps, 'pre-bundle ready', () => deps.optimize(scanned)).catch((error: unknown) => {
    host.write(`\x1b[31m✘ [vite] failed to pre-bundle dependencies:\x1b[0m ${error instanceof Error ? error.message : String(error)}\n`);
  });

  // Modules compiled when their file changed, kept for the page's re-import of that version.
  const prepared = new Map<string, TransformResult>();

  async function transform(urlPath: string, query: string): Promise<TransformResult | null> {
    await ready;
    const stamp = new URLSearchParams(query).get('t');
    const early = stamp ? prepared.get(`${urlPath}@${stamp}`) : undefined;
    if (early) {
      prepared.delete(`${urlPath}@${stamp}`);
      return early;
    }
    let result = await transformRequest(ctx, urlPath, query);
    if (result && ctx.missingDeps.size > 0) {
      const missing = [...ctx.missingDeps];
      ctx.missingDeps.clear();
      host.write(`\x1b[32m✨ new dependencies optimized: ${missing.join(', ')}\x1b[0m\n`);
      await deps.optimize(missing);
      // Pages already running hold the previous bundle's copies: reload them onto one set.
      if (depsServed) hmr.send({ type: 'full-reload' });
      result = await transformRequest(ctx, urlPath, query);
    }
    if (result) graph.record(urlPath, result.imported, /\bimport\.meta\.hot\.accept(Exports)?\(/.test(result.code));
    return result;
  }

  function html(res: HttpResponse): void {
    const file = joinPath(host.root, 'index.html');
    if (!isFile(host.fs, file)) return send(res, 404, 'text/plain', 'index.html not found');
    send(res, 200, HTML_TYPE, devHtml(host.fs.readFileSync(file, 'utf8'), config));
  }

  async function handle(rawUrl: string, res: HttpResponse): Promise<void> {
    const url = new URL(rawUrl, 'http://localhost');
    const path = decodeURIComponent(url.pathname);
    const query = url.search.slice(1);
    if (path === '/@vite/client') return send(res, 200, JS_TYPE, CLIENT_SOURCE);
    if (path === '/@vite/hmr') return send(res, 200, 'application/json', JSON.stringify(await hmr.poll(Number(url.searchParams.get('since') ?? -1))));
    if (path === '/@react-refresh') {
      const file = joinPath(host.root, REFRESH_RUNTIME_FILE);
      if (!isFile(host.fs, file)) return send(res, 404, 'text/plain', 'React refresh runtime not installed (@vitejs/plugin-react)');
      return send(res, 200, JS_TYPE, host.fs.readFileSync(file, 'utf8'));
    }
    if (path.startsWith('/@deps/')) {
      await ready;
      const code = deps.file(path.slice('/@deps/'.length).split('?')[0] ?? '');
      depsServed = true;
      return code === undefined ? send(res, 404, 'text/plain', `Not pre-bundled: ${path}`) : send(res, 200, JS_TYPE, code);
    }
    if (path === '/' || path === '/index.html') return html(res);
    try {
      const result = await transform(path, query);
      if (result) return send(res, 200, JS_TYPE, result.code);
    } catch (error) {
      hmr.send({ type: 'error', err: errorEvent(error) });
      host.write(`\x1b[31m✘ [vite] ${error instanceof Error ? error.message : String(error)}\x1b[0m\n`);
      return send(res, 500, 'text/plain', error instanceof Error ? error.message : String(error));
    }
    const file = joinPath(host.root, path);
    if (isFile(host.fs, file)) return send(res, 200, contentTypeOf(file), host.fs.readFileSync(file));
    const inPublic = config.publicDir ? joinPath(config.publicDir, path) : null;
    if (inPublic && isFile(host.fs, inPublic)) return send(res, 200, contentTypeOf(inPublic), host.fs.readFileSync(inPublic));
    // An app's own routes (no file extension) get index.html, as in Vite's SPA fallback.
    if (!extOf(path)) return html(res);
    send(res, 404, 'text/plain', `Not found: ${path}`);
  }

  const server = host.createServer((req, res) => {
    timed(debugRequests, req.url ?? '/', () => handle(req.url ?? '/', res)).catch((error: unknown) => send(res, 500, 'text/plain', String(error)));
  });

  const changed = async (file: string): Promise<void> => {
    if (!file.startsWith(host.root === '/' ? '/' : `${host.root}/`) || /\/(node_modules|\.git|dist)\//.test(file)) return;
    const urlPath = host.root === '/' ? file : file.slice(host.root.length);
    if (urlPath === '/index.html') return hmr.send({ type: 'full-reload' });
    if (config.configFile === file) host.write('\x1b[33m[vite] vite.config changed: restart the server (Ctrl+C, npm run dev) to apply it.\x1b[0m\n');
    const timestamp = Date.now();
    const propagation = graph.propagate(urlPath, timestamp);
    if (!propagation) return;
    // Compile the changed module first: a syntax error shows as the overlay instead of a failed update or reload.
    if (JS_EXTENSIONS.has(extOf(file)) || config.moduleExtensions.has(extOf(file))) {
      try {
        const result = await transform(urlPath, `t=${timestamp}`);
        prepared.clear();
        if (result) prepared.set(`${urlPath}@${timestamp}`, result);
      } catch (error) {
        host.write(`\x1b[31m✘ [vite] ${error instanceof Error ? error.message : String(error)}\x1b[0m\n`);
        return hmr.send({ type: 'error', err: errorEvent(error) });
      }
    }
    if (propagation.type === 'full-reload') {
      host.write(`\x1b[32m[vite] page reload\x1b[0m ${urlPath.slice(1)}\n`);
      return hmr.send(propagation);
    }
    host.write(`\x1b[32m[vite] hmr update\x1b[0m ${propagation.updates.map((update) => update.acceptedPath.slice(1)).join(', ')}\n`);
    hmr.send(propagation);
  };
  // A save can reach the file system as more than one write (an empty file first, or the same text twice):
  // changes are gathered for a moment, and a file that is empty or unchanged since the last one handled waits.
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const lastSeen = new Map<string, string>();
  const onChange = (file: string) => {
    clearTimeout(pending.get(file));
    pending.set(
      file,
      setTimeout(() => {
        pending.delete(file);
        const text = isFile(host.fs, file) ? host.fs.readFileSync(file, 'utf8') : null;
        if (text !== null && (text === lastSeen.get(file) || (text === '' && lastSeen.get(file)))) return;
        if (text !== null) lastSeen.set(file, text);
        void changed(file);
      }, SETTLE_MS),
    );
  };
  host.fs.on('change', onChange);
  host.fs.on('delete', onChange);

  return {
    server,
    ready,
    close: () => {
      host.fs.off?.('change', onChange);
      host.fs.off?.('delete', onChange);
      hmr.close();
    },
  };
}
