// Projects the bench runs both in the tab (the offline runtime of a bench page) and under this machine's Node,
// installed from the fixture registry, and commands timed in each.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { createViteTemplate, installInNode } from '../../tests/e2e/fixtures/registry/templates.mjs';
import { openBenchPage } from './bench-page.mjs';

export { createViteTemplate, installInNode };

/** In the bench page: writes the project into `root` and runs npm install there. */
async function tabInstall({ files, root }) {
  const { runtime } = window.__tabsmithBench;
  for (const file of files) {
    const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
    const path = `${root}/${file.path}`;
    await runtime.fs.mkdir(path.slice(0, path.lastIndexOf('/')));
    await runtime.fs.writeFile(path, bytes);
  }
  const child = await runtime.spawn('npm', ['install'], { cwd: root });
  let output = '';
  await child.output.pipeTo(new WritableStream({ write: (chunk) => void (output += chunk) })).catch(() => undefined);
  const code = await child.exit;
  if (code !== 0) throw new Error(`npm install exited ${code}: ${output.trim().split('\n').slice(-3).join(' | ')}`);
}

/** Writes the files into `root` in the bench page's runtime and runs npm install there. */
export function installInTab(page, files, root) {
  return page.evaluate(tabInstall, { root, files: files.map((file) => ({ path: file.path, base64: Buffer.from(file.data).toString('base64') })) });
}

/** In the bench page: one command from spawn to exit, timed with the page's clock. */
async function tabRun({ command, args, cwd }) {
  const { runtime } = window.__tabsmithBench;
  const started = performance.now();
  const child = await runtime.spawn(command, args, { cwd });
  let output = '';
  await child.output.pipeTo(new WritableStream({ write: (chunk) => void (output += chunk) })).catch(() => undefined);
  const code = await child.exit;
  return { ms: performance.now() - started, code, output };
}

/** A command in the bench page's runtime: { ms, code, output }. */
function runInTab(page, command, args, cwd) {
  return page.evaluate(tabRun, { command, args, cwd });
}

/** The same command under this machine's Node (`npm`, `npx` from its own install): { ms, code, output }. */
function runInNode(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '1', NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code, output }));
  });
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

/** A failed run (a non-zero exit, or output without `expected`), named with the end of its output. */
function expectSuccess(where, run, expected) {
  const output = run.output.replace(ANSI, '');
  if (run.code === 0 && (!expected || expected.test(output))) return;
  throw new Error(`${where} exited ${run.code}: ${output.trim().split('\n').slice(-4).join(' | ')}`);
}

/**
 * Rest before each timed run. After a command, the tab loads spare workers for the next one and V8 optimizes the
 * code the command ran, each for about a second on this two-core machine; without a rest that work lands in
 * whichever run comes next, Node's as often as the tab's. Each run then measures the command on a quiet machine,
 * as a user who runs it again some seconds later sees it.
 */
const REST_MS = 2000;

/**
 * Installs `files` under Node (a temporary folder) and in a bench page's runtime (`tabRoot`), then runs the
 * command `ctx.runs` times in each, alternating, each after a rest; every run must succeed and print `expected`.
 * Spawn-to-exit times.
 */
export async function timeInBoth(ctx, { files, tabRoot, command, args, expected, what }) {
  const work = await mkdtemp(join(tmpdir(), 'tabsmith-bench-project-'));
  const node = [];
  const tab = [];
  try {
    await installInNode(files, work, ctx.registryURL);
    const bench = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
    try {
      await installInTab(bench.page, files, tabRoot);
      for (let i = 0; i < ctx.runs; i++) {
        await sleep(REST_MS);
        const inNode = await runInNode(command, args, work);
        expectSuccess(`${what} in Node`, inNode, expected);
        node.push(inNode.ms);
        await sleep(REST_MS);
        const inTab = await runInTab(bench.page, command, args, tabRoot);
        expectSuccess(`${what} in the tab`, inTab, expected);
        tab.push(inTab.ms);
      }
    } finally {
      await bench.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return { node, tab };
}
