/** `vite preview`: serves the built `dist/` as it is, index.html for the app's own routes. */
import type { ResolvedConfig } from './config';
import { extOf, isFile, joinPath, type HttpServer, type ViteHost } from './host';
import { contentTypeOf } from './static';

export function startPreviewServer(host: ViteHost, config: ResolvedConfig): HttpServer {
  return host.createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    let file = joinPath(config.outDir, path === '/' ? 'index.html' : path);
    if (!isFile(host.fs, file) && !extOf(path)) file = joinPath(config.outDir, 'index.html');
    if (!isFile(host.fs, file)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end(`Not found: ${path}`);
      return;
    }
    res.writeHead(200, { 'Content-Type': contentTypeOf(file) });
    res.end(host.fs.readFileSync(file));
  });
}
