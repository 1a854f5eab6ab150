import { describe, expect, it } from 'vitest';
import { analyzeModule, isBareSpecifier, rewriteImports } from '@/lib/runtime/offline/vite/imports';
import { ModuleGraph } from '@/lib/runtime/offline/vite/module-graph';
import { addRefresh } from '@/lib/runtime/offline/vite/refresh';
import { rewriteCssUrls } from '@/lib/runtime/offline/vite/css';
import { devHtml, moduleScripts } from '@/lib/runtime/offline/vite/html';
import type { ResolvedConfig } from '@/lib/runtime/offline/vite/config';
import { parseViteArgs } from '@/lib/runtime/offline/vite/cli';

describe('module analysis', () => {
  const code = [
    "import { useState } from 'react';",
    "import './App.css';",
    "export { helper } from './helper.js';",
    "const lazy = () => import('./Lazy.jsx');",
    'function App() { const [n, setN] = useState(0); useEffect(() => {}); return n; }',
    'const Card = () => null;',
    'function helperFn() {}',
    'export default App;',
  ].join('\n');

  it('finds static, re-exported and dynamic imports in order', () => {
    const info = analyzeModule(code);
    expect(info.imports.map((site) => [site.specifier, site.dynamic])).toEqual([
      ['react', false],
      ['./App.css', false],
      ['./helper.js', false],
      ['./Lazy.jsx', true],
    ]);
  });

  it('rewrites specifiers in place and leaves the rest of the code as it was', () => {
    const info = analyzeModule(code);
    const out = rewriteImports(code, info.imports, (site) => (isBareSpecifier(site.specifier) ? `/@deps/${site.specifier}.js` : null));
    expect(out).toContain("from '/@deps/react.js'");
    expect(out).toContain("import './App.css'");
    expect(out.length).toBe(code.length + '/@deps/.js'.length);
  });

  it('finds top-level components (capitalised functions) with the hooks they call', () => {
    const info = analyzeModule(code);
    expect(info.components).toEqual([
      { name: 'App', hooks: ['useState', 'useEffect'] },
      { name: 'Card', hooks: [] },
    ]);
  });

  it('tells packages from paths', () => {
    expect(['react', 'react-dom/client', '@vue/shared'].every(isBareSpecifier)).toBe(true);
    expect(['./a', '../b', '/src/c', 'https://x.test/y', '#internal'].some(isBareSpecifier)).toBe(false);
  });
});

describe('React Fast Refresh registration', () => {
  it('registers each component with its hook signature and accepts its own updates', () => {
    const out = addRefresh('function App() {}\nexport default App;', '/src/App.jsx', [{ name: 'App', hooks: ['useState'] }], '/base/');
    expect(out).toContain('import * as RefreshRuntime from "/base/@react-refresh"');
    expect(out).toContain('$RefreshReg$(App, "App")');
    expect(out).toContain('(App, "useState")');
    expect(out).toContain('import.meta.hot.accept(');
    expect(out).toContain('validateRefreshBoundaryAndEnqueueUpdate("/src/App.jsx"');
  });

  it('leaves a module without components alone (its change reloads through its importers)', () => {
    expect(addRefresh('createRoot(el).render(x);', '/src/main.jsx', [], '/')).toBe('createRoot(el).render(x);');
  });
});

describe('HMR propagation', () => {
  const graph = () => {
    const g = new ModuleGraph();
    g.record('/src/main.jsx', ['/src/App.jsx', '/src/index.css'], false);
    g.record('/src/App.jsx', ['/src/util.js', '/src/App.css'], true);
    g.record('/src/util.js', [], false);
    g.record('/src/App.css', [], true);
    g.record('/src/index.css', [], true);
    return g;
  };

  it('updates a self-accepting module in place', () => {
    expect(graph().propagate('/src/App.css', 5)).toEqual({ type: 'update', updates: [{ type: 'js-update', path: '/src/App.css', acceptedPath: '/src/App.css', timestamp: 5 }] });
  });

  it('updates the nearest accepting importer and stamps the changed module so it is fetched again', () => {
    const g = graph();
    expect(g.propagate('/src/util.js', 7)).toEqual({ type: 'update', updates: [{ type: 'js-update', path: '/src/App.jsx', acceptedPath: '/src/App.jsx', timestamp: 7 }] });
    expect(g.lastUpdate('/src/util.js')).toBe(7);
  });

  it('reloads the page when a chain reaches the entry without an accepting module', () => {
    expect(graph().propagate('/src/main.jsx', 9)).toEqual({ type: 'full-reload' });
  });

  it('ignores files no page has loaded', () => {
    expect(graph().propagate('/src/unused.js', 1)).toBeNull();
  });
});

describe('HTML and CSS', () => {
  const config = { urlBase: '/__virtual__/5173/', reactRefresh: true, base: '/', env: { VITE_TITLE: 'Hi' } } as unknown as ResolvedConfig;

  it('puts the HMR client and the refresh preamble first and moves root URLs under the base', () => {
    const html = devHtml('<html><head><title>%VITE_TITLE%</title></head><body><script type="module" src="/src/main.jsx"></script></body></html>', config);
    expect(html).toMatch(/<head><script type="module" src="\/__virtual__\/5173\/@vite\/client"><\/script><script type="module">import \{ injectIntoGlobalHook \}/);
    expect(html).toContain('<title>Hi</title>');
    expect(html).toContain('src="/__virtual__/5173/src/main.jsx"');
    expect(moduleScripts(html)).toEqual(['/__virtual__/5173/@vite/client', '/__virtual__/5173/src/main.jsx']);
  });

  it('makes url() references absolute, since a style tag resolves them against the page', () => {
    expect(rewriteCssUrls('a{background:url(./img/a.png)} b{background:url("/bg.svg")} c{background:url(data:x)}', '/src/App.css', '/', '/v/')).toBe(
      'a{background:url(/v/src/img/a.png)} b{background:url("/v/bg.svg")} c{background:url(data:x)}',
    );
  });
});

describe('dependency scan', () => {
  it('finds the packages sources import, not those named in comments or config files', async () => {
    const { VirtualFS } = await import('almostnode');
    const { scanDependencies } = await import('@/lib/runtime/offline/vite/scan');
    const vfs = new VirtualFS();
    const files: Record<string, string> = {
      '/p/src/main.js': "/** @type {import('types-only').X} */\nimport { mount } from 'lib-a';\n// import 'commented-out';\nconst later = () => import('lib-b');\n",
      '/p/svelte.config.js': "import x from 'lib-c';\nexport default {};\n",
      '/p/node_modules/lib-a/package.json': '{"name":"lib-a","main":"index.js"}',
      '/p/node_modules/lib-a/index.js': '',
      '/p/node_modules/lib-b/package.json': '{"name":"lib-b","main":"index.js"}',
      '/p/node_modules/lib-b/index.js': '',
      '/p/node_modules/lib-c/package.json': '{"name":"lib-c","main":"index.js"}',
      '/p/node_modules/lib-c/index.js': '',
    };
    for (const [path, content] of Object.entries(files)) {
      vfs.mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
      vfs.writeFileSync(path, content);
    }
    expect(scanDependencies(vfs as never, '/p', (s) => s).sort()).toEqual(['lib-a', 'lib-b']);
  });
});

describe('vite command line', () => {
  it('reads the command and the options the templates use', () => {
    expect(parseViteArgs([])).toEqual({ command: 'dev' });
    expect(parseViteArgs(['build', '--mode', 'staging'])).toEqual({ command: 'build', mode: 'staging' });
    expect(parseViteArgs(['preview', '--port=4000'])).toEqual({ command: 'preview', port: 4000 });
    expect(parseViteArgs(['--host', '--port', '3000'])).toEqual({ command: 'dev', port: 3000 });
  });
});
