/**
 * What the dev server needs from the runtime it runs in, so the same code runs in the runtime frame
 * (almostnode's VirtualFS, esbuild-wasm from the app's vendor folder) and in unit tests.
 */
import type * as Esbuild from 'esbuild-wasm';

export type EsbuildApi = Pick<typeof Esbuild, 'build' | 'transform'>;

export interface ViteFs {
  existsSync(path: string): boolean;
  statSync(path: string): { isDirectory(): boolean; isFile(): boolean };
  readFileSync(path: string): Uint8Array;
  readFileSync(path: string, encoding: 'utf8'): string;
  readdirSync(path: string): string[];
  writeFileSync(path: string, data: string | Uint8Array): void;
  mkdirSync(path: string, options?: { recursive?: boolean }): void;
  on(event: 'change' | 'delete', listener: (path: string) => void): unknown;
  off?(event: 'change' | 'delete', listener: (path: string) => void): unknown;
}

export interface HttpRequest {
  url?: string;
  method?: string;
}

export interface HttpResponse {
  writeHead(status: number, headers?: Record<string, string>): unknown;
  end(body?: string | Uint8Array): unknown;
}

export interface HttpServer {
  listen(port: number, callback?: () => void): unknown;
  close(callback?: () => void): unknown;
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
}

export interface ViteHost {
  /** The project folder (where package.json and index.html are), as a path of `fs`. */
  root: string;
  fs: ViteFs;
  esbuild(): Promise<EsbuildApi>;
  /** Node's `require` from the project folder (the runtime's own module loader). */
  require(id: string): unknown;
  createServer(handler: (req: HttpRequest, res: HttpResponse) => void): HttpServer;
  write(text: string): void;
  env: Record<string, string | undefined>;
}

export function joinPath(...parts: string[]): string {
  const out: string[] = [];
  for (const segment of parts.join('/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

export function dirnameOf(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? '/' : path.slice(0, index);
}

export function extOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const index = base.lastIndexOf('.');
  return index <= 0 ? '' : base.slice(index).toLowerCase();
}

export function isFile(fs: ViteFs, path: string): boolean {
  try {
    return fs.existsSync(path) && !fs.statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Project-relative URL path (`/src/App.jsx`) of a file under `root`. */
export function urlPathOf(root: string, file: string): string {
  return root === '/' ? file : file.startsWith(`${root}/`) ? file.slice(root.length) : `/@fs${file}`;
}
