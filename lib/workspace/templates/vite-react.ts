/**
 * "Vite + React": a Vite-layout project (index.html at the root, src/main.jsx) with React 19. In the offline
 * runtime there is no real Vite (it needs native esbuild and rollup), so `npm run dev` runs dev-server.js:
 * a small server that bundles src/main.jsx with esbuild, which both runtimes provide (almostnode maps
 * `require('esbuild')` to esbuild-wasm). React itself comes from `npm install`.
 */
import type { Template } from './types';

const devServerJs = `// Dev server: serves index.html and bundles the module scripts it loads (src/main.jsx) with esbuild,
// the way Vite pre-bundles. No Vite needed, so it also runs in the offline runtime.
const http = require('http');
const fs = require('fs');
const path = require('path');

const PORT = Number(process.env.PORT) || 5173;
const ROOT = __dirname;
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

function loadEsbuild() {
  try {
    return require('esbuild');
  } catch {
    throw new Error('esbuild is not available here: run \`npm install -D esbuild\` and try again.');
  }
}

async function bundle(entry) {
  const result = await loadEsbuild().build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    write: false,
    outdir: path.join(ROOT, '.dev'),
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((file) => file.path.endsWith('.js'));
  const css = result.outputFiles.find((file) => file.path.endsWith('.css'));
  // CSS imported from JS (where the runtime's esbuild supports it) comes out as its own file: inject it.
  const style = css ? \`document.head.appendChild(Object.assign(document.createElement('style'), { textContent: \${JSON.stringify(css.text)} }));\\n\` : '';
  return style + (js ? js.text : '');
}

function errorModule(error) {
  const message = String((error && error.message) || error);
  return \`console.error(\${JSON.stringify(message)});
document.body.innerHTML = '<pre style="color:#b00020;white-space:pre-wrap;padding:1rem"></pre>';
document.body.firstChild.textContent = \${JSON.stringify('Build failed:\\n' + message)};\\n\`;
}

const server = http.createServer(async (req, res) => {
  const urlPath = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  const file = path.join(ROOT, urlPath === '/' ? 'index.html' : path.normalize(urlPath));
  if (!file.startsWith(ROOT)) {
    res.writeHead(403);
    res.end('Forbidden');
    return;
  }
  if (/\\.(jsx|tsx|ts)$/.test(file) || (/\\.js$/.test(file) && urlPath.startsWith('/src/'))) {
    let code;
    try {
      code = await bundle(file);
    } catch (error) {
      console.error('Build failed:', (error && error.message) || error);
      code = errorModule(error);
    }
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(code);
    return;
  }
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found: ' + urlPath);
    return;
  }
  res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache' });
  res.end(fs.readFileSync(file));
});

server.listen(PORT, () => {
  console.log(\`  ➜  Local:   http://localhost:\${PORT}/\`);
});
`;

const packageJson = `{
  "name": "vite-react-app",
  "version": "0.1.0",
  "private": true,
  "scripts": {
    "dev": "node dev-server.js",
    "start": "node dev-server.js"
  },
  "dependencies": {
    "react": "^19.0.0",
    "react-dom": "^19.0.0"
  }
}
`;

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Vite + React</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`;

const mainJsx = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.jsx';
import './index.css';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`;

const appJsx = `import { useState } from 'react';

export default function App() {
  const [count, setCount] = useState(0);

  return (
    <main className="app">
      <h1>Vite + React</h1>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        count is {count}
      </button>
      <p>
        Edit <code>src/App.jsx</code> and reload the preview.
      </p>
    </main>
  );
}
`;

const indexCss = `:root {
  font-family: system-ui, sans-serif;
  color: #213547;
  background: #ffffff;
}

body {
  margin: 0;
  min-height: 100vh;
  display: grid;
  place-items: center;
}

.app {
  text-align: center;
}

button {
  font: inherit;
  padding: 0.6rem 1.2rem;
  border-radius: 8px;
  border: 1px solid #646cff;
  background: #646cff;
  color: white;
  cursor: pointer;
}
`;

const readme = `# Vite + React

\`npm install\`, then \`npm run dev\` (port 5173). \`dev-server.js\` bundles \`src/main.jsx\` with esbuild on each
page load, so the offline runtime needs no Vite; on a full Node runtime you can \`npm install -D vite
@vitejs/plugin-react\` and switch the dev script to \`vite\`: the layout is already Vite's.
`;

export const viteReactTemplate: Template = {
  id: 'vite-react',
  name: 'Vite + React',
  description: 'React 19 with a Vite-style layout (index.html, src/main.jsx) and an esbuild dev server.',
  start: 'npm run dev',
  open: ['src/App.jsx'],
  files: [
    { path: 'package.json', content: packageJson },
    { path: 'index.html', content: indexHtml },
    { path: 'dev-server.js', content: devServerJs },
    { path: 'src/main.jsx', content: mainJsx },
    { path: 'src/App.jsx', content: appJsx },
    { path: 'src/index.css', content: indexCss },
    { path: 'README.md', content: readme },
  ],
};
