// TEMP probe: sync-call round trip from a node worker.
import { startServers } from './lib/server.mjs';
import { openBenchPage } from './lib/bench-page.mjs';
import { launchChromium } from './lib/browser.mjs';
const root = new URL('..', import.meta.url).pathname;
const servers = await startServers({ root, port: 3001, distDir: process.env.TABSMITH_DIST_DIR ?? '.next-e2e' });
const browser = await launchChromium();
const bench = await openBenchPage(browser, servers.baseURL, { runtime: 'offline' });
const out = await bench.page.evaluate(async () => {
  const { runtime } = window.__tabsmithBench;
  const code = "const http=require('http');const srv=http.createServer((q,s)=>s.end('ok')).listen(4555,()=>{let n=0;const t=performance.now();const go=()=>http.get('http://127.0.0.1:4555/',r=>{r.resume();r.on('end',()=>{if(++n===100){console.log('100 sequential loopback GETs',(performance.now()-t).toFixed(0),'ms');srv.close()}else go()})});go()});";
  const child = await runtime.spawn('node', ['-e', code], { cwd: '/' });
  let s = '';
  await child.output.pipeTo(new WritableStream({ write: (c) => void (s += c) }));
  return s;
});
console.log(out);
await bench.close(); await browser.close(); await servers.stop(); process.exit(0);
