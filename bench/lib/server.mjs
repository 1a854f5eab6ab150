// Starts what the bench measures against: the fixture npm registry and the production Next server
// (building first when the build folder has no build yet).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startFixtureRegistry } from '../../tests/e2e/fixtures/registry/registry.mjs';

const SERVER_START_TIMEOUT_MS = 60_000;

function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`Port ${port} is in use. Stop whatever runs there or set TABSMITH_BENCH_PORT to a free port.`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(undefined)));
  });
}

function ensureBuild(root, distDir) {
  if (existsSync(join(root, distDir, 'BUILD_ID'))) return;
  console.log(`No production build in ${distDir}/: running npm run build first.`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

async function waitForHttp(url, child, output) {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${output.join('')}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`next start did not answer on ${url} within ${SERVER_START_TIMEOUT_MS} ms:\n${output.join('')}`);
}

/**
 * @param {{ root: string, port: number, distDir: string }} options
 * @returns {Promise<{ baseURL: string, registryURL: string, stop: () => Promise<void> }>}
 */
export async function startServers({ root, port, distDir }) {
  await assertPortFree(port);
  ensureBuild(root, distDir);
  // The first run on a machine fills the registry's cache of real packages: say so, it takes a while.
  const registry = await startFixtureRegistry({ log: (line) => console.log(`  fixture registry: ${line}`) });
  const output = [];
  // Its own process group, so stopping it also stops anything next start forked.
  const child = spawn(join(root, 'node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    // /bench is a development page: a production start serves it only when asked to.
    env: { ...process.env, TABSMITH_DIST_DIR: distDir, TABSMITH_NPM_REGISTRY: registry.url, TABSMITH_DEV_PAGES: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));

  const stopNext = () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
  process.once('exit', stopNext);

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(baseURL, child, output);
  } catch (error) {
    stopNext();
    await registry.close();
    throw error;
  }
  return {
    baseURL,
    registryURL: registry.url,
    async stop() {
      stopNext();
      await registry.close();
    },
  };
}
