// Installing a real mid-size tree: the create-vite react template's package.json (dependencies and
// devDependencies), from the fixture registry's cache of real packages. The offline runtime installs it in
// Chromium through the runtime frame and the app's npm proxy; Node's own `npm install` on this machine
// installs the same package.json from the same registry in the same run, as the baseline.
// Cold: empty node_modules, no lock file, nothing cached (a fresh browser context; a fresh npm cache folder).
// Warm: node_modules removed, the lock file and whatever the client cached kept, then installed again.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBenchPage } from '../lib/bench-page.mjs';
import { summarize } from '../lib/stats.mjs';
import { npm } from '../../tests/e2e/fixtures/registry/closure.mjs';
import { CREATE_VITE_REACT } from '../../tests/e2e/fixtures/registry/real-packages.mjs';

/** Real trees are slow to install on a shared machine; a few runs say enough. */
const MAX_RUNS = 3;
const INSTALL_TIMEOUT_MS = 300_000;

/** Installed package folders under a node_modules tree, nested ones included. */
async function countInstalled(readdirNames, dir) {
  let count = 0;
  for (const name of await readdirNames(dir).catch(() => [])) {
    if (name.startsWith('.')) continue;
    const scoped = name.startsWith('@') ? (await readdirNames(`${dir}/${name}`)).map((child) => `${name}/${child}`) : [name];
    for (const pkg of scoped) count += 1 + (await countInstalled(readdirNames, `${dir}/${pkg}/node_modules`));
  }
  return count;
}

/**
 * Node's npm in `dir/project`, with its cache in `dir/cache`: a new `dir` is cold (no cache, no lock file);
 * installing again after removing node_modules is warm.
 */
async function nodeInstall(registryURL, dir) {
  const project = join(dir, 'project');
  await rm(join(project, 'node_modules'), { recursive: true, force: true });
  const started = performance.now();
  await npm(['install', '--no-audit', '--no-fund', '--loglevel=error', `--registry=${registryURL}/`, `--cache=${join(dir, 'cache')}`], { cwd: project });
  const ms = performance.now() - started;
  return { ms, packages: await countInstalled((path) => readdir(path), join(project, 'node_modules')) };
}

/** Runs in the bench page: `npm install` in /app through the runtime, cold then warm, timed on the page's clock. */
async function browserInstall({ packageJson, timeoutMs }) {
  const { runtime } = window.__tabsmithBench;
  const readdirNames = async (path) => (await runtime.fs.readdir(path)).map((entry) => entry.name);
  const install = async () => {
    const started = performance.now();
    const child = await runtime.spawn('npm', ['install'], { cwd: '/app' });
    let output = '';
    const drained = child.output.pipeTo(new WritableStream({ write: (chunk) => void (output += chunk) })).catch(() => undefined);
    let timer;
    const code = await Promise.race([child.exit, new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)))]);
    clearTimeout(timer);
    const ms = performance.now() - started;
    if (code === 'timeout') child.kill();
    await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, 1000))]);
    // A fast wrong answer is not a result: the install must succeed and leave vite and react in place.
    const ok =
      code === 0 && (await runtime.fs.exists('/app/node_modules/vite/package.json')) && (await runtime.fs.exists('/app/node_modules/react/package.json'));
    if (!ok)
      throw new Error(
        `npm install ${code === 'timeout' ? `took over ${timeoutMs} ms` : `exited ${code}`}: ${output
          .replace(new RegExp(String.fromCharCode(27) + '\\[[0-9;]*[A-Za-z]', 'g'), '')
          .trim()
          .split('\n')
          .slice(-4)
          .join(' | ')}`,
      );
    return { ms, packages: await countInstalled(readdirNames, '/app/node_modules') };
  };
  await runtime.fs.writeFile('/app/package.json', packageJson);
  const cold = await install();
  await runtime.fs.rm('/app/node_modules');
  if (!(await runtime.fs.exists('/app/package-lock.json'))) throw new Error('npm install wrote no package-lock.json');
  const warm = await install();
  return { cold, warm };
}

const row = (name, samples, baseline, note) => ({
  name,
  unit: 'ms',
  samples,
  ...(baseline ? { baseline: { label: `${baseline.name}, median of this run`, value: baseline.median } } : {}),
  note,
});

export default {
  id: 'npm-install',
  description: "npm install of the create-vite react template's tree: offline runtime in Chromium vs Node's npm",
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const runs = Math.min(ctx.runs, MAX_RUNS);
    const packageJson = JSON.stringify(CREATE_VITE_REACT, null, 2);
    const work = await mkdtemp(join(tmpdir(), 'tabsmith-bench-npm-'));
    const node = { cold: [], warm: [] };
    const browser = { cold: [], warm: [] };
    const packages = { node: 0, browser: 0 };
    let browserError = '';
    try {
      for (let i = 0; i < runs; i++) {
        const dir = join(work, `run-${i}`);
        await mkdir(join(dir, 'project'), { recursive: true });
        await writeFile(join(dir, 'project', 'package.json'), packageJson);
        const nodeCold = await nodeInstall(ctx.registryURL, dir);
        node.cold.push(nodeCold.ms);
        const nodeWarm = await nodeInstall(ctx.registryURL, dir);
        node.warm.push(nodeWarm.ms);
        packages.node = nodeWarm.packages;

        // A fresh context per run: no HTTP cache, no service worker, an empty runtime.
        const bench = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
        try {
          if (!bench.booted) throw new Error(`the offline runtime failed to boot: ${bench.failed?.message ?? 'unknown error'}`);
          // browserInstall counts packages with the same countInstalled as the Node side, sent along as source.
          const args = JSON.stringify({ packageJson, timeoutMs: INSTALL_TIMEOUT_MS });
          const result = await bench.page.evaluate(`(async () => { ${countInstalled}\n return (${browserInstall})(${args}); })()`);
          browser.cold.push(result.cold.ms);
          browser.warm.push(result.warm.ms);
          packages.browser = result.warm.packages;
        } catch (error) {
          // Node's figures still stand when the browser install fails; the table says why the others are missing.
          browserError = (error instanceof Error ? error.message : String(error)).split('\n')[0];
        } finally {
          await bench.close();
        }
        const pair = (samples) => (samples.length > i ? `${Math.round(samples[i])}` : '-');
        console.log(
          `  run ${i + 1}/${runs}: node ${pair(node.cold)}/${pair(node.warm)} ms, browser ${pair(browser.cold)}/${pair(browser.warm)} ms (cold/warm)${browserError ? `; browser: ${browserError}` : ''}`,
        );
        if (browserError) break;
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    const browserRow = (name, samples, baseline, note) =>
      browserError ? { name, unit: 'ms', samples: [], unavailable: `failed (${browserError})` } : row(name, samples, baseline, note);
    const base = (kind) => ({ name: `npm-install.${kind}.node-npm`, median: summarize(node[kind])?.median ?? 0 });
    const what = `create-vite react template (${Object.keys(CREATE_VITE_REACT.dependencies).length} dependencies, ${Object.keys(CREATE_VITE_REACT.devDependencies).length} devDependencies)`;
    return [
      row(
        'npm-install.cold.node-npm',
        node.cold,
        null,
        `Node ${process.version} npm on this machine, ${what}, fresh cache folder, no lock file; ${packages.node} packages installed`,
      ),
      browserRow(
        'npm-install.cold.browser',
        browser.cold,
        base('cold'),
        `offline runtime in Chromium (runtime frame, app's npm proxy), fresh browser context; ${packages.browser} packages installed; ratio = browser / Node's npm`,
      ),
      row('npm-install.warm.node-npm', node.warm, null, "node_modules removed, lock file and npm's cache kept"),
      browserRow('npm-install.warm.browser', browser.warm, base('warm'), "node_modules removed, lock file and the page kept; ratio = browser / Node's npm"),
    ];
  },
};
