/** "Static HTML + JS": plain files served by a tiny dependency-free static server (serve.js). */
import type { Template } from './types';

const serveJs = `// A tiny static file server: no dependencies. Serves this folder on port 8080.
const http = require('http');
const fs = require('fs');
const path = require('path');

const PORT = Number(process.env.PORT) || 8080;
const ROOT = __dirname;
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

const server = http.createServer((req, res) => {
  const urlPath = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  // Resolve inside ROOT only: "/../x" must not leave the folder.
  let file = path.join(ROOT, path.normalize(urlPath).replace(/^(\\.\\.[\\/\\\\])+/, ''));
  if (!file.startsWith(ROOT)) {
    res.writeHead(403);
    res.end('Forbidden');
    return;
  }
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
  if (!fs.existsSync(file)) {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found: ' + urlPath);
    return;
  }
  res.writeHead(200, {
    'Content-Type': TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream',
    'Cache-Control': 'no-cache',
  });
  res.end(fs.readFileSync(file));
});

server.listen(PORT, () => {
  console.log(\`Serving \${ROOT} on http://localhost:\${PORT}\`);
});
`;

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Static HTML + JS</title>
    <link rel="stylesheet" href="style.css" />
  </head>
  <body>
    <main>
      <h1>Static HTML + JS</h1>
      <p>Edit <code>index.html</code>, <code>style.css</code> and <code>main.js</code>, then reload the preview.</p>
      <button id="counter" type="button">Clicked 0 times</button>
    </main>
    <script src="main.js"></script>
  </body>
</html>
`;

const styleCss = `body {
  font-family: system-ui, sans-serif;
  margin: 0;
  min-height: 100vh;
  display: grid;
  place-items: center;
  background: #f6f7fb;
  color: #1d2433;
}

main {
  text-align: center;
}

button {
  font: inherit;
  padding: 0.6rem 1.2rem;
  border-radius: 8px;
  border: 1px solid #3b5bdb;
  background: #3b5bdb;
  color: white;
  cursor: pointer;
}
`;

const mainJs = `const button = document.getElementById('counter');
let clicks = 0;

button.addEventListener('click', () => {
  clicks += 1;
  button.textContent = \`Clicked \${clicks} time\${clicks === 1 ? '' : 's'}\`;
});
`;

export const staticHtmlTemplate: Template = {
  id: 'static-html',
  name: 'Static HTML + JS',
  description: 'index.html, a stylesheet and a script, served by a tiny static server.',
  start: 'node serve.js',
  open: ['index.html', 'main.js'],
  files: [
    { path: 'index.html', content: indexHtml },
    { path: 'style.css', content: styleCss },
    { path: 'main.js', content: mainJs },
    { path: 'serve.js', content: serveJs },
  ],
};
