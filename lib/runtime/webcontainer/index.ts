/**
 * Boots the WebContainer adapter, once per page.
 *
 * `WebContainer.boot()` allows one instance per page (a second call without teardown throws, and
 * React StrictMode runs effects twice), so the boot promise below is shared by every caller. It is module-level
 * state, which the rest of the IDE keeps out of modules, because the page itself can hold only one container.
 * Offline, boot() never settles — it waits for an iframe from stackblitz.com with no timeout — so every caller
 * races it against its own timeout, and a boot that finishes once every caller has given up is torn down.
 * (The hidden iframe stays: the real module caches it for the next boot, which would break without it.)
 */
import { BRIDGE_SCRIPT_PATH, bridgeLoaderScript } from '@/lib/preview-page/loader';

import { RuntimeError, type Runtime } from '../port';
import { withAdvice } from './advice';
import { readWebContainerApiKey } from './api-key';
import type { BootOptions, WebContainerApi } from './api-types';
import { createWebContainerRuntime } from './runtime';
import { defaultSourceLocationsPlugin, setUpSourceLocations } from './source-locations';
import { errorMessage } from '../../error-message';

export type { WebContainerApi, WebContainerLike, WebContainerFsLike } from './api-types';

export const WEBCONTAINER_BOOT_OPTIONS: BootOptions = {
  workdirName: 'project',
  coep: 'require-corp',
  // Uncaught errors and rejections only: with `true` every console.error (React's dev warnings) is an error.
  forwardPreviewErrors: 'exceptions-only',
};

export interface WebContainerBootOptions {
  timeoutMs: number;
  /** The `@webcontainer/api` module; tests pass a fake. Loaded lazily by default. */
  api?: WebContainerApi;
  /**
   * Absolute URL of the computer-use bridge script injected into every preview page. Defaults to
   * BRIDGE_SCRIPT_PATH on this page's origin (with `?ide=<origin>`, the origin the bridge answers);
   * `null` skips the injection.
   */
  previewScriptUrl?: string | null;
  /** Stops this caller's wait ('auto' learned the host is unreachable); the shared boot is left to the others. */
  signal?: AbortSignal;
  /** The WebContainer API key; defaults to the one the server put into the page, `null` for none. */
  apiKey?: string | null;
  /**
   * Reads the source-locations plugin file the container's Node loads (the element picker's file and line);
   * defaults to fetching it from this page's origin, `null` skips it.
   */
  sourceLocationsPlugin?: (() => Promise<string>) | null;
}

/** The bridge URL for this page: previews are cross-origin on WebContainer, so it must be absolute. */
export function defaultPreviewScriptUrl(): string | null {
  const origin = globalThis.location?.origin;
  if (!origin || origin === 'null') return null;
  return `${origin}${BRIDGE_SCRIPT_PATH}?ide=${encodeURIComponent(origin)}`;
}

let bootPromise: Promise<Runtime> | null = null;
/**
 * The key goes in before the page's first boot() or never: the real module refuses it afterwards, and keeps
 * the first one for every later boot (its frame is created once per page).
 */
let keyConfigured = false;

function configureKeyBeforeFirstBoot(module: WebContainerApi, apiKey: string | null): void {
  if (keyConfigured || !apiKey) return;
  keyConfigured = true;
  try {
    module.configureAPIKey(apiKey);
  } catch (error) {
    console.warn('WebContainer API key not applied:', errorMessage(error));
  }
}
/** Callers still waiting for the shared boot; a boot that finishes after all of them gave up is torn down. */
let waiting = 0;

function startBoot(
  api: WebContainerApi | undefined,
  previewScriptUrl: string | null,
  apiKey: string | null,
  loadPlugin: (() => Promise<string>) | null,
): Promise<Runtime> {
  const attempt: Promise<Runtime> = (async () => {
    const module = api ?? (await import('@webcontainer/api'));
    configureKeyBeforeFirstBoot(module, apiKey);
    const wc = await module.WebContainer.boot(WEBCONTAINER_BOOT_OPTIONS).catch((error: unknown) => {
      const reason = withAdvice(errorMessage(error));
      throw new RuntimeError('boot-failed', `WebContainer failed to boot: ${reason}`);
    });
    // Disposing frees the page's one slot, so the next call boots a fresh instance.
    const runtime = createWebContainerRuntime(
      wc,
      () => {
        if (bootPromise === attempt) bootPromise = null;
      },
      loadPlugin ? setUpSourceLocations(wc, loadPlugin) : undefined,
    );
    if (waiting === 0) {
      // Everyone timed out (the IDE may already run the offline runtime): a live instance nobody uses is waste.
      runtime.dispose();
      throw new RuntimeError('boot-failed', 'WebContainer finished booting after the IDE stopped waiting; it was shut down.');
    }
    if (previewScriptUrl) {
      // Best effort: without the bridge, computer use cannot drive the preview, but everything else works.
      // The API takes the script's code, so the preview gets a loader that adds the bridge's own tag.
      await wc.setPreviewScript(bridgeLoaderScript(previewScriptUrl)).catch((error: unknown) => {
        console.warn('WebContainer setPreviewScript failed; computer use will not reach the preview', error);
      });
    }
    return runtime;
  })();
  // A boot that failed may be retried; one that is merely slow stays shared (see below).
  attempt.catch(() => {
    if (bootPromise === attempt) bootPromise = null;
  });
  return attempt;
}

function timeoutError(timeoutMs: number): RuntimeError {
  const seconds = Number((timeoutMs / 1000).toFixed(1));
  return new RuntimeError(
    'boot-timeout',
    `WebContainer did not finish booting within ${seconds} s. Its service (stackblitz.com) may be unreachable ` +
      'or blocked from this page, or just slow: the first start downloads the runtime. Switch to the offline ' +
      'runtime, or reload the page to try again.',
  );
}

/**
 * Resolves with the page's WebContainer runtime, booting it on first use. A timeout rejects this
 * call only: the boot keeps going, and a later call waits for that same boot again (a second
 * `boot()` on the real API would just queue behind the first one).
 */
export function bootWebContainerRuntime(options: WebContainerBootOptions): Promise<Runtime> {
  const scriptUrl = options.previewScriptUrl === undefined ? defaultPreviewScriptUrl() : options.previewScriptUrl;
  const apiKey = options.apiKey === undefined ? readWebContainerApiKey() : options.apiKey;
  const loadPlugin = options.sourceLocationsPlugin === undefined ? defaultSourceLocationsPlugin() : options.sourceLocationsPlugin;
  bootPromise ??= startBoot(options.api, scriptUrl, apiKey, loadPlugin);
  const shared = bootPromise;
  waiting++;
  return new Promise<Runtime>((resolve, reject) => {
    let settled = false;
    const settle = () => {
      settled = true;
      waiting--;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    const timer = setTimeout(() => {
      settle();
      reject(timeoutError(options.timeoutMs));
    }, options.timeoutMs);
    const onAbort = () => {
      if (settled) return;
      settle();
      reject(new RuntimeError('boot-failed', 'Stopped waiting for WebContainer to boot.'));
    };
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    shared.then(
      (runtime) => {
        if (settled) return;
        settle();
        resolve(runtime);
      },
      (error: unknown) => {
        if (settled) return;
        settle();
        reject(error);
      },
    );
  });
}
