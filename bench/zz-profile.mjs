// TEMP probe (not committed): CPU-profiles every worker during a cold `npm run dev` of create-vite react.
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { parseTarGzip } from 'nanotar';
import { startServers } from './lib/server.mjs';
import { openBenchPage } from './lib/bench-page.mjs';
import { chromiumPath, chromiumArgs } from './lib/browser.mjs';

const root = new URL('..', import.meta.url).pathname;
const servers = await startServers({ root, port: 3001, distDir: process.env.TABSMITH_DIST_DIR ?? '.next-e2e' });
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--remote-debugging-port=9333'], headless: true });
const version = await (await fetch('http://127.0.0.1:9333/json/version')).json();
const ws = new WebSocket(version.webSocketDebuggerUrl);
await new Promise((r) => ws.addEventListener('open', r));
let nextId = 1;
const pending = new Map();
const workers = new Map(); // sessionId -> url
function send(method, params = {}, sessionId) {
  const id = nextId++;
  ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}
ws.addEventListener('message', async (event) => {
  const msg = JSON.parse(event.data);
  if (msg.id) {
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.error) p?.reject(new Error(JSON.stringify(msg.error)));
    else p?.resolve(msg.result);
    return;
  }
  if (msg.method === 'Target.attachedToTarget') {
    const { sessionId, targetInfo } = msg.params; console.log('attached', targetInfo.type, targetInfo.url.slice(0, 60));
    const s = sessionId;
    try {
      if (process.env.PROFILE && (targetInfo.type === 'worker') || targetInfo.type === 'iframe' || (targetInfo.type === 'page' && /bench/.test(targetInfo.url))) {
        workers.set(s, targetInfo.url);
        await send('Profiler.enable', {}, s);
        await send('Profiler.setSamplingInterval', { interval: 250 }, s);
        await send('Profiler.start', {}, s);
      }
      await send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, s).catch(() => {});
      await send('Runtime.runIfWaitingForDebugger', {}, s).catch(() => {});
    } catch (e) {
      console.error('attach', targetInfo.type, targetInfo.url, e.message);
    }
  }
});
await send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });

const packument = await (await fetch(`${servers.registryURL}/create-vite`)).json();
const entries = await parseTarGzip(new Uint8Array(await (await fetch(packument.versions['9.3.0'].dist.tarball)).arrayBuffer()));
const files = entries
  .filter((e) => e.name.startsWith('package/template-react/') && e.data)
  .map((e) => ({ path: e.name.slice('package/template-react/'.length).replace(/^_(gitignore|oxlintrc\.json)$/, '.$1'), base64: Buffer.from(e.data).toString('base64') }));

const bench = await openBenchPage(browser, servers.baseURL, { runtime: 'offline' });
const { page } = bench;
await page.evaluate(async ({ files }) => {
  const { runtime } = window.__tabsmithBench;
  for (const file of files) {
    const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
    const p = `/app/${file.path}`;
    await runtime.fs.mkdir(p.slice(0, p.lastIndexOf('/')));
    await runtime.fs.writeFile(p, bytes);
  }
  const child = await runtime.spawn('npm', ['install'], { cwd: '/app' });
  await child.output.pipeTo(new WritableStream({})).catch(() => undefined);
  await child.exit;
}, { files });
// drop profiles of install workers
for (const s of [...workers.keys()]) { await send('Profiler.stop', {}, s).catch(() => {}); await send('Profiler.start', {}, s).catch(() => workers.delete(s)); }
console.log('installed');
const { execSync } = await import('node:child_process');
const threadCpu = () => {
  const out = {};
  for (const pid of execSync("pgrep -f 'chromium.*--type=renderer' || true").toString().trim().split('\n').filter(Boolean)) {
    for (const tid of execSync(`ls /proc/${pid}/task 2>/dev/null || true`).toString().trim().split('\n').filter(Boolean)) {
      try {
        const stat = execSync(`cat /proc/${pid}/task/${tid}/stat`).toString();
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        out[`${pid}/${tid} ${name}`] = (Number(f[11]) + Number(f[12])) * 10;
      } catch {}
    }
  }
  return out;
};
const cpu0 = threadCpu();
const t0 = performance.now();
await page.evaluate(async () => {
  const { runtime } = window.__tabsmithBench;
  const ready = new Promise((resolve) => runtime.onServerReady((port, url) => resolve(url)));
  const spawned = performance.now();
  const child = await runtime.spawn('npm', ['run', 'dev'], { cwd: '/app' });
  window.__out = [];
  void child.output.pipeTo(new WritableStream({ write: (c) => void window.__out.push(`${Math.round(performance.now() - spawned)} ms: ${c}`) })).catch(() => {});
  const url = await ready;
  const iframe = document.createElement('iframe');
  iframe.id = 'vb';
  iframe.style.cssText = 'width:1000px;height:700px';
  iframe.src = url;
  document.body.append(iframe);
});
const frame = await (await page.waitForSelector('#vb')).contentFrame();
await frame.waitForFunction(() => document.querySelector('h1')?.textContent === 'Get started', undefined, { timeout: 120000, polling: 'raf' });
console.log('first render', Math.round(performance.now() - t0), 'ms');
const cpu1 = threadCpu();
const rows = Object.entries(cpu1).map(([k, v]) => [k, v - (cpu0[k] ?? 0)]).filter(([, v]) => v > 30).sort((a, b) => b[1] - a[1]);
console.log(rows.map(([k, v]) => `CPU ${v} ms ${k}`).join('\n'));
console.log('CPU total', rows.reduce((a, [, v]) => a + v, 0));
console.log((await page.evaluate(() => window.__out.join(''))).split('\n').filter((l) => /PROBE|Local/.test(l)).join('\n'));
const profiles = [];
for (const [s, url] of workers) {
  const r = await send('Profiler.stop', {}, s).catch((e) => ({ error: e.message }));
  if (r.profile) profiles.push({ url, profile: r.profile });
}
writeFileSync('/tmp/probe/profiles.json', JSON.stringify(profiles));
console.log('profiles', profiles.length);
await bench.close();
await browser.close();
await servers.stop();
process.exit(0);
