/**
 * Entry point of the offline runtime, loaded lazily with `import('@/lib/runtime/offline')`. Nothing runs at
 * module load: almostnode (≈0.5 MB gzipped) is imported inside createOfflineRuntime, only in a browser.
 */
import { RuntimeError, type Runtime } from '../port';
import { errorMessage } from '../../error-message';

/** almostnode's service worker, copied into public/ by scripts/vendor-assets.mjs. It must sit at the root:
 * almostnode registers it with scope "/", and preview pages live under /__virtual__/<port>/. */
export const SERVICE_WORKER_URL = '/__sw__.js';
const SERVICE_WORKER_TIMEOUT_MS = 15_000;

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RuntimeError('boot-timeout', message)), ms);
    work.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

export async function createOfflineRuntime(): Promise<Runtime> {
  if (typeof window === 'undefined') throw new RuntimeError('boot-failed', 'The offline runtime only runs in a browser tab.');
  if (!('serviceWorker' in navigator)) {
    throw new RuntimeError('boot-failed', 'The offline runtime needs service workers (for the preview); this browser context has none.');
  }
  const [almost, { OfflineRuntime }] = await Promise.all([import('almostnode'), import('./runtime')]);
  const container = almost.createContainer();
  try {
    await withTimeout(
      container.serverBridge.initServiceWorker({ swUrl: SERVICE_WORKER_URL }),
      SERVICE_WORKER_TIMEOUT_MS,
      `The preview service worker (${SERVICE_WORKER_URL}) did not start within ${SERVICE_WORKER_TIMEOUT_MS / 1000}s.`,
    );
  } catch (error) {
    if (error instanceof RuntimeError) throw error;
    throw new RuntimeError(
      'boot-failed',
      `Could not start the preview service worker ${SERVICE_WORKER_URL} (run \`npm run vendor\`?): ${errorMessage(error)}`,
    );
  }
  return new OfflineRuntime({ almost, container, origin: window.location.origin });
}
