import { VirtualFS } from 'almostnode';
import { stripVTControlCharacters } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { runViteCli } from '@/lib/runtime/offline/vite/cli';
import type { EsbuildApi, HttpRequest, HttpResponse, ViteFs, ViteHost } from '@/lib/runtime/offline/vite/host';

// The dev server and build against a small project in almostnode's VirtualFS, with esbuild-wasm as the runtime
// has it: a CommonJS package (named exports must work), an ES module package, JSX, CSS, an image and .env.

let esbuild: EsbuildApi;
beforeAll(async () => {
  esbuild = await import('esbuild-wasm');
}, 60_000);

function project(): VirtualFS {
  const vfs = new VirtualFS();
  const files: Record<string, string> = {
    '/app/package.json': JSON.stringify({ name: 'app', type: 'module', scripts: { dev: 'vite' } }),
    '/app/index.html': '<!doctype html><html><head><title>%VITE_NAME%</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
    '/app/.env': 'VITE_NAME=Tabsmith\nSECRET=hidden\n',
    '/app/vite.config.js': "import { defineConfig } from 'vite';\nexport default defineConfig({ server: { port: 5199 }, resolve: { alias: { '@': '/app/src' } } });\n",
    '/app/src/main.jsx': "import { greet } from 'cjs-lib';\nimport { shout } from 'esm-lib';\nimport Title from '@/Title.jsx';\nimport './main.css';\nimport logo from './logo.png';\ndocument.title = shout(greet(import.meta.env.VITE_NAME)) + logo;\nexport { Title };\n",
    '/app/src/Title.jsx': 'export default function Title() { return <h1>Hello</h1>; }\n',
    '/app/src/main.css': 'body { background: url(./bg.png); }\n',
    '/app/src/logo.png': 'PNG',
    '/app/src/bg.png': 'PNG',
    '/app/node_modules/cjs-lib/package.json': JSON.stringify({ name: 'cjs-lib', main: 'index.js' }),
    '/app/node_modules/cjs-lib/index.js': "exports.greet = function (name) { return 'hello ' + name; };\n",
    '/app/node_modules/esm-lib/package.json': JSON.stringify({ name: 'esm-lib', type: 'module', exports: { '.': { import: './index.js' } } }),
    '/app/node_modules/esm-lib/index.js': 'export const shout = (text) => text.toUpperCase();\n',
    '/app/node_modules/vite/package.json': JSON.stringify({ name: 'vite', version: '8.3.8' }),
    '/app/node_modules/react/package.json': JSON.stringify({ name: 'react', type: 'module', exports: { './jsx-dev-runtime': './jsx.js', './jsx-runtime': './jsx.js' } }),
    '/app/node_modules/react/jsx.js': 'export const jsxDEV = () => null; export const jsx = () => null; export const jsxs = () => null; export const Fragment = 0;\n',
  };
  for (const [path, content] of Object.entries(files)) {
    vfs.mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
    vfs.writeFileSync(path, content);
  }
  return vfs;
}

interface Started {
  get(url: string): Promise<{ status: number; body: string }>;
  output: string[];
  port: number;
}

async function start(vfs: VirtualFS, args: string[] = []): Promise<Started> {
  let handler: ((req: HttpRequest, res: HttpResponse) => void) | undefined;
  let port = 0;
  const output: string[] = [];
  const host: ViteHost = {
    root: '/app',
    fs: vfs as unknown as ViteFs,
    esbuild: async () => esbuild,
    // The tests' "Node require" knows the one CommonJS package.
    require: (id) => {
      if (id === 'cjs-lib') return { greet: () => '' };
      throw new Error(`Cannot find module '${id}'`);
    },
    createServer: (h) => {
      handler = h;
      return { listen: (p: number, callback?: () => void) => ((port = p), callback?.()), close: () => undefined };
    },
    write: (text) => void output.push(text),
    env: {},
  };
  await runViteCli(host, args);
  const get = (url: string) =>
    new Promise<{ status: number; body: string }>((resolve) => {
      let status = 0;
      handler?.({ url, method: 'GET' }, {
        writeHead: (code: number) => (status = code),
        end: (body?: string | Uint8Array) => resolve({ status, body: typeof body === 'string' ? body : new TextDecoder().decode(body) }),
      });
    });
  return { get, output, port };
}

describe('vite dev server in the runtime', () => {
  it('serves index.html with the HMR client, on the port vite.config asks for', async () => {
    const server = await start(project());
    expect(server.port).toBe(5199);
    expect(server.output.join('')).toContain('http://localhost:5199/');
    // The banner names this runtime's own server and the Vite version it stands in for, never "VITE v…".
    expect(stripVTControlCharacters(server.output.join(''))).toMatch(/Tabsmith dev server \(Vite 8\.3\.8 compatible\)\s+ready in \d+ ms/);
    expect(server.output.join('')).not.toContain('VITE v');
    const page = await server.get('/');
    expect(page.body).toContain('<script type="module" src="/__virtual__/5199/@vite/client">');
    expect(page.body).toContain('<title>Tabsmith</title>');
    expect(page.body).toContain('src="/__virtual__/5199/src/main.jsx"');
  }, 60_000);

  it('compiles modules with imports as URLs, env, aliases, CSS and assets', async () => {
    const server = await start(project());
    const main = await server.get('/src/main.jsx');
    expect(main.status).toBe(200);
    expect(main.body).toMatch(/from "\/__virtual__\/5199\/@deps\/cjs-lib\.js\?v=\d+"/);
    expect(main.body).toContain('"/__virtual__/5199/src/Title.jsx"');
    expect(main.body).toContain('"/__virtual__/5199/src/main.css?import"');
    expect(main.body).toContain('"/__virtual__/5199/src/logo.png?import"');
    expect(main.body).toContain('"Tabsmith"');
    expect(main.body).not.toContain('hidden');
    const css = await server.get('/src/main.css?import');
    expect(css.body).toContain('url(/__virtual__/5199/src/bg.png)');
    expect(css.body).toContain('import.meta.hot.accept()');
    expect((await server.get('/src/logo.png?import')).body).toBe('export default "/__virtual__/5199/src/logo.png";\n');
    expect((await server.get('/src/logo.png')).body).toBe('PNG');
  }, 60_000);

  it('pre-bundles a CommonJS package with named exports', async () => {
    const server = await start(project());
    await server.get('/src/main.jsx');
    const lib = await server.get('/@deps/cjs-lib.js');
    expect(lib.status).toBe(200);
    expect(lib.body).toMatch(/export\s*\{[^}]*\bgreet\b/);
    // The package's code itself may sit in a chunk shared with other packages.
    const chunks = await Promise.all([...lib.body.matchAll(/from "\.\/(chunk-[\w-]+\.js)"/g)].map((match) => server.get(`/@deps/${match[1]}`)));
    expect([lib, ...chunks].map((part) => part.body).join('\n')).toContain('"hello " + name');
  }, 60_000);

  it('sends a hot update when a saved file changes, and an error with file and line when it does not compile', async () => {
    const vfs = project();
    const server = await start(vfs);
    await server.get('/src/main.jsx');
    await server.get('/src/main.css?import');
    const first = JSON.parse((await server.get('/@vite/hmr?since=-1')).body) as { seq: number };

    vfs.writeFileSync('/app/src/main.css', 'body { color: red; }\n');
    const update = JSON.parse((await server.get(`/@vite/hmr?since=${first.seq}`)).body) as { seq: number; events: { type: string; updates?: { path: string }[] }[] };
    expect(update.events).toEqual([{ type: 'update', updates: [expect.objectContaining({ path: '/src/main.css' })] }]);

    vfs.writeFileSync('/app/src/main.jsx', 'const broken = ;\n');
    const failed = JSON.parse((await server.get(`/@vite/hmr?since=${update.seq}`)).body) as { events: { type: string; err?: { file: string; line: number } }[] };
    expect(failed.events[0]).toMatchObject({ type: 'error', err: { file: '/src/main.jsx', line: 1 } });
  }, 60_000);
});

describe('vite build in the runtime', () => {
  it('writes dist/index.html loading a hashed bundle, with the CSS linked and the image emitted', async () => {
    const vfs = project();
    const build = await start(vfs, ['build']);
    expect(build.output.join('')).toMatch(/built in \d+ms/);
    expect(build.output.join('')).toContain('Tabsmith bundler (Vite 8.3.8 compatible)');
    const html = vfs.readFileSync('/app/dist/index.html', 'utf8');
    const script = /src="\/assets\/(main-[\w-]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/main-[\w-]+\.css">/);
    const js = vfs.readFileSync(`/app/dist/assets/${script}`, 'utf8');
    expect(js).toContain('hello ');
    expect(vfs.readdirSync('/app/dist/assets').some((name) => /^logo-[\w-]+\.png$/.test(name))).toBe(true);
  }, 60_000);
});
