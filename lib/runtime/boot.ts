/**
 * Boots the runtime the user chose. 'auto' tries WebContainer first and falls back to the offline
 * runtime when WebContainer cannot boot (offline, blocked, or the page is not cross-origin isolated). While
 * WebContainer boots, a quick probe of its host runs alongside: an unreachable host ends the wait in about a
 * second and a half instead of at the boot timeout.
 */
import { RuntimeError, type Runtime, type RuntimeChoice, type RuntimeKind } from './port';
import { DEFAULT_BOOT_TIMEOUT_MS } from './choice';
import { readRuntimeOriginPattern } from '../runtime-site/origin';
import { probeWebContainerHost, type WebContainerProbeResult } from './webcontainer/probe';
import { errorMessage } from '../error-message';

export interface BootedRuntime {
  runtime: Runtime;
  kind: RuntimeKind;
  bootMs: number;
  /** True when 'auto' wanted WebContainer but had to settle for the offline runtime. */
  fellBack: boolean;
  /** Why it fell back, in words for the status bar (only with `fellBack`). */
  fallbackReason?: string;
}

/** How each runtime is made; injectable so tests can boot without a browser or network. */
export interface RuntimeFactories {
  webcontainer(options: { timeoutMs: number; signal?: AbortSignal }): Promise<Runtime>;
  offline(options: { timeoutMs: number }): Promise<Runtime>;
  isCrossOriginIsolated(): boolean;
  /** Whether WebContainer's host answers at all; 'auto' only. Resolves within ~1.5 s. */
  probeWebContainer(): Promise<WebContainerProbeResult>;
}

export interface BootRuntimeOptions {
  timeoutMs?: number;
  onStatus?: (text: string) => void;
  factories?: Partial<RuntimeFactories>;
}

// Both adapters load lazily: whichever runtime is not chosen never reaches the browser.
const defaultFactories: RuntimeFactories = {
  webcontainer: async (options) => (await import('./webcontainer')).bootWebContainerRuntime(options),
  // The offline runtime runs the user's code, so it boots in a frame on another site, never in this page.
  offline: async ({ timeoutMs }) =>
    (await import('./isolated/ide-side/boot-framed')).bootFramedRuntime({
      timeoutMs,
      // The server writes TABSMITH_RUNTIME_ORIGIN into the page at request time.
      configuredOrigin: readRuntimeOriginPattern(document),
    }),
  isCrossOriginIsolated: () => globalThis.crossOriginIsolated === true,
  // Tiny and loaded with this module: the probe must not wait for a chunk on a busy machine.
  probeWebContainer: () => probeWebContainerHost(),
};

/** After this long, the boot status says why WebContainer may take a while. */
const SLOW_BOOT_NOTICE_MS = 10_000;
export const SLOW_BOOT_MESSAGE = 'WebContainer is still booting (the first start downloads the runtime)…';

/** What the status bar says when 'auto' gives up on WebContainer because its host did not answer. */
export const UNREACHABLE_MESSAGE = "WebContainer's servers are unreachable; using the offline runtime";

/** The status bar's short version when WebContainer was reached but did not boot (the details were shown while booting). */
export const COULD_NOT_BOOT_MESSAGE = 'WebContainer could not boot; using the offline runtime';

export const NOT_ISOLATED_MESSAGE =
  'WebContainer needs a cross-origin isolated page (SharedArrayBuffer), and this one is not. Serve the ' +
  'app with the headers "Cross-Origin-Opener-Policy: same-origin" and "Cross-Origin-Embedder-Policy: ' +
  'require-corp" over HTTPS or localhost, or switch to the offline runtime.';

class HostUnreachable extends Error {}

/**
 * Settles only when the probe says the host is unreachable (rejecting with HostUnreachable, after stopping the
 * WebContainer wait); a reachable host, or a probe that itself fails, leaves the boot to decide.
 */
function unreachableHost(probe: () => Promise<WebContainerProbeResult>, stopWaiting: AbortController): Promise<never> {
  return probe().then(
    (result) => {
      if (result.reachable) return new Promise<never>(() => undefined);
      console.info(`WebContainer's host did not answer (${result.reason}); booting the offline runtime instead.`);
      stopWaiting.abort();
      throw new HostUnreachable(result.reason);
    },
    () => new Promise<never>(() => undefined),
  );
}

export async function bootRuntime(choice: RuntimeChoice, options: BootRuntimeOptions = {}): Promise<BootedRuntime> {
  const factories: RuntimeFactories = { ...defaultFactories, ...options.factories };
  const timeoutMs = options.timeoutMs ?? DEFAULT_BOOT_TIMEOUT_MS;
  const status = options.onStatus ?? (() => undefined);
  const started = performance.now();
  const done = (runtime: Runtime, fallbackReason?: string): BootedRuntime => {
    const bootMs = Math.round(performance.now() - started);
    status(`${runtime.kind === 'webcontainer' ? 'WebContainer' : 'Offline runtime'} ready in ${bootMs} ms`);
    const fellBack = fallbackReason !== undefined;
    return { runtime, kind: runtime.kind, bootMs, fellBack, ...(fellBack ? { fallbackReason } : {}) };
  };

  if (choice === 'offline') {
    status('Starting the offline runtime…');
    return done(await factories.offline({ timeoutMs }));
  }

  try {
    // Fail fast: without isolation WebContainer would load its iframe and then fail obscurely.
    if (!factories.isCrossOriginIsolated()) throw new RuntimeError('not-isolated', NOT_ISOLATED_MESSAGE);
    status('Booting WebContainer…');
    const slow = setTimeout(() => status(SLOW_BOOT_MESSAGE), SLOW_BOOT_NOTICE_MS);
    const stopWaiting = new AbortController();
    try {
      // Someone who chose WebContainer by name waits for it; 'auto' has somewhere else to go. The probe starts
      // first, so its request is not queued behind the WebContainer module's download.
      const unreachable = choice === 'auto' ? unreachableHost(factories.probeWebContainer, stopWaiting) : null;
      const booting = factories.webcontainer({ timeoutMs, signal: stopWaiting.signal });
      return done(await (unreachable ? Promise.race([booting, unreachable]) : booting));
    } finally {
      clearTimeout(slow);
    }
  } catch (error) {
    if (choice === 'webcontainer') throw error;
    if (error instanceof HostUnreachable) {
      status(`${UNREACHABLE_MESSAGE}…`);
      return done(await factories.offline({ timeoutMs }), UNREACHABLE_MESSAGE);
    }
    status(`WebContainer is unavailable (${errorMessage(error)}). Starting the offline runtime…`);
    return done(await factories.offline({ timeoutMs }), COULD_NOT_BOOT_MESSAGE);
  }
}
