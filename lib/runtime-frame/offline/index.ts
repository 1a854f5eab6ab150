/**
 * Entry point of the offline runtime, loaded lazily with `import('@/lib/runtime-frame/offline')`. Nothing runs at
 * module load: almostnode (≈0.5 MB gzipped) is imported inside createOfflineRuntime, only in a browser.
 */
import { RuntimeError } from '../../runtime/port';
import type { OfflineRuntime as OfflineRuntimeType } from './runtime';
import { errorMessage } from '../../error-message';
import { SERVICE_WORKER_URL } from '../../preview/relay/messages';

const SERVICE_WORKER_TIMEOUT_MS = 15_000;

export const THIRD_PARTY_STORAGE_BLOCKED =
  'This browser blocks third-party storage for the IDE, and the offline runtime needs it: your code runs on a ' +
  'separate site (so it can never reach the IDE), whose previews are served by a service worker. Allow ' +
  "third-party cookies and site data for this IDE's address (in Chrome: the eye or cookie icon in the address " +
  'bar, or Settings → Privacy and security → Third-party cookies → Allowed to use third-party cookies), then ' +
  'reload. Incognito windows block it by default.';

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RuntimeError('boot-timeout', message)), ms);
    work.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

export interface OfflineRuntimeOptions {
  /**
   * The IDE's origin when this runtime runs in the runtime frame: preview pages report errors to it and their
   * computer-use bridge answers it. Defaults to this page's origin (the bench's in-page baseline).
   */
  ideOrigin?: string;
}

/**
 * Registers the preview's service worker, so it installs while the runtime's code still loads; the runtime's own
 * registration (in createOfflineRuntime) then finds it installed or installing. A failure here is left to that
 * registration to report.
 */
export function registerPreviewServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
}

export async function createOfflineRuntime(options: OfflineRuntimeOptions = {}): Promise<OfflineRuntimeType> {
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
    // Browsers that block third-party storage refuse service workers in frames of another site, which is
    // exactly where this runtime lives when the IDE embeds it.
    if (/denied permission to use Service Worker|SecurityError/i.test(errorMessage(error))) {
      throw new RuntimeError('boot-failed', THIRD_PARTY_STORAGE_BLOCKED);
    }
    throw new RuntimeError('boot-failed', `Could not start the preview service worker ${SERVICE_WORKER_URL} (run \`npm run vendor\`?): ${errorMessage(error)}`);
  }
  return new OfflineRuntime({ almost, container, origin: window.location.origin, ideOrigin: options.ideOrigin ?? window.location.origin });
}
