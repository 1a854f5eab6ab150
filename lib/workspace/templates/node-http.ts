/** "Node HTTP server": one dependency-free server.js on Node's own http module. */
import type { Template } from './types';

const serverJs = `// A plain Node HTTP server: no dependencies, so it starts straight away.
const http = require('http');

const PORT = Number(process.env.PORT) || 3000;
let visits = 0;

const page = (count) => \`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Node HTTP server</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 40rem; padding: 0 1rem; }
      code { background: #f2f2f2; padding: 0.1rem 0.3rem; border-radius: 4px; }
    </style>
  </head>
  <body>
    <h1>Hello from Node</h1>
    <p>This page was rendered by <code>server.js</code>. Visits so far: <strong id="visits">\${count}</strong></p>
    <p>Try the JSON endpoint: <a href="/api/time">/api/time</a></p>
  </body>
</html>\`;

const server = http.createServer((req, res) => {
  if (req.url === '/api/time') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ now: new Date().toISOString() }));
    return;
  }
  if (req.url === '/' || req.url === '/index.html') {
    visits += 1;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page(visits));
    return;
  }
  res.writeHead(404, { 'Content-Type': 'text/plain' });
  res.end('Not found');
});

server.listen(PORT, () => {
  console.log(\`Server listening on http://localhost:\${PORT}\`);
});
`;

const packageJson = `{
  "name": "node-http-server",
  "version": "1.0.0",
  "private": true,
  "description": "A plain Node HTTP server",
  "main": "server.js",
  "scripts": {
    "start": "node server.js",
    "dev": "node server.js"
  }
}
`;

const readme = `# Node HTTP server

\`npm start\` runs \`server.js\` on port 3000. Edit the page in \`server.js\` and restart the server to see it.
`;

export const nodeHttpTemplate: Template = {
  id: 'node-http',
  name: 'Node HTTP server',
  description: 'A dependency-free server on Node’s http module, with an HTML page and a JSON endpoint.',
  start: 'npm start',
  open: ['server.js'],
  files: [
    { path: 'package.json', content: packageJson },
    { path: 'server.js', content: serverJs },
    { path: 'README.md', content: readme },
  ],
};
