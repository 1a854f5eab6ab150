// I/O from a node process: what one synchronous fs call costs (a process in a worker of the runtime frame
// reaches the files through a synchronous channel); 200 fs.stat calls made one after another through the
// callback form (the way chokidar and readdirp walk a tree as Vite's watcher starts) and through promises; and
// 100 HTTP requests, one after another, from the process to its own server. The same program runs under this
// machine's own Node in the same run, as the baseline.
import { spawn } from 'node:child_process';
import { openBenchPage } from '../lib/bench-page.mjs';

const PROGRAM = `
const fs = require('fs');
const http = require('http');
const report = (name, ms) => console.log('IO ' + name + ' ' + ms.toFixed(3));
let t = performance.now();
for (let i = 0; i < 2000; i++) fs.existsSync('/no-such-file-' + i);
report('sync-call', ((performance.now() - t) / 2000) * 1000);
let n = 0;
t = performance.now();
const viaCallbacks = () => fs.stat('/', () => (++n === 200 ? (report('callbacks', performance.now() - t), viaPromises()) : viaCallbacks()));
let m = 0;
let t2 = 0;
const viaPromises = () => {
  t2 = performance.now();
  const step = () => fs.promises.stat('/').then(() => (++m === 200 ? (report('promises', performance.now() - t2), viaHttp()) : step()));
  step();
};
const viaHttp = () => {
  const server = http.createServer((request, response) => response.end('ok')).listen(0, () => {
    let k = 0;
    const t3 = performance.now();
    const get = () =>
      http.get('http://127.0.0.1:' + server.address().port + '/', (response) => {
        response.resume();
        response.on('end', () => (++k === 100 ? (report('loopback-http', performance.now() - t3), server.close()) : get()));
      });
    get();
  });
};
viaCallbacks();
`;

const parse = (text) => Object.fromEntries([...text.matchAll(/^IO (\S+) ([\d.]+)$/gm)].map((m) => [m[1], Number(m[2])]));

async function inTab(page) {
  return page.evaluate(async (program) => {
    const { runtime } = window.__tabsmithBench;
    await runtime.fs.writeFile('node-io.js', program);
    const child = await runtime.spawn('node', ['node-io.js']);
    let text = '';
    await child.output.pipeTo(new WritableStream({ write: (chunk) => void (text += chunk) }));
    await child.exit;
    return text;
  }, PROGRAM);
}

function inNode() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', PROGRAM], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(text));
  });
}

export default {
  id: 'node-io',
  description: 'I/O from a node process: one synchronous fs call, 200 sequential fs callbacks and promises, 100 loopback HTTP requests; runtime frame vs Node',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const bench = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
    const tab = { 'sync-call': [], callbacks: [], promises: [], 'loopback-http': [] };
    const node = { 'sync-call': [], callbacks: [], promises: [], 'loopback-http': [] };
    try {
      for (let i = 0; i < ctx.runs; i++) {
        const a = parse(await inTab(bench.page));
        const b = parse(await inNode());
        for (const key of Object.keys(tab)) {
          if (a[key] === undefined || b[key] === undefined) throw new Error(`no ${key} figure: tab ${JSON.stringify(a)}, node ${JSON.stringify(b)}`);
          tab[key].push(a[key]);
          node[key].push(b[key]);
        }
      }
    } finally {
      await bench.close();
    }
    const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    const notes = {
      'sync-call': 'one fs.existsSync of a missing file (a synchronous call to the frame and back), mean of 2,000',
      callbacks: '200 fs.stat calls, each made from the previous one’s callback',
      promises: '200 fs.promises.stat calls, each after the previous one resolved',
      'loopback-http': "100 http.get requests to the process's own server, each after the previous response ended",
    };
    const unit = (key) => (key === 'sync-call' ? 'µs' : 'ms');
    return Object.keys(tab).flatMap((key) => [
      { name: `node-io.${key}.node`, unit: unit(key), samples: node[key], note: `baseline: Node ${process.version} on this machine; ${notes[key]}` },
      {
        name: `node-io.${key}.browser`,
        unit: unit(key),
        samples: tab[key],
        baseline: { label: `node-io.${key}.node, median of this run`, value: median(node[key]) },
        note: `runtime frame, a node process in a worker; ${notes[key]}; ratio = browser / Node`,
      },
    ]);
  },
};
