/**
 * Boots the runtime the user chose. 'auto' tries WebContainer first and falls back to the offline
 * runtime when WebContainer cannot boot (offline, blocked, or the page is not cross-origin isolated).
 */
import { RuntimeError, type Runtime, type RuntimeChoice, type RuntimeKind } from './port';
import { DEFAULT_BOOT_TIMEOUT_MS } from './choice';
import { readRuntimeOriginPattern } from '../runtime-site/origin';
import { errorMessage } from '../error-message';

export interface BootedRuntime {
  runtime: Runtime;
  kind: RuntimeKind;
  bootMs: number;
  /** True when 'auto' wanted WebContainer but had to settle for the offline runtime. */
  fellBack: boolean;
}

/** How each runtime is made; injectable so tests can boot without a browser or network. */
export interface RuntimeFactories {
  webcontainer(options: { timeoutMs: number }): Promise<Runtime>;
  offline(options: { timeoutMs: number }): Promise<Runtime>;
  isCrossOriginIsolated(): boolean;
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
};

/** After this long, the boot status says why WebContainer may take a while. */
export const SLOW_BOOT_NOTICE_MS = 10_000;
export const SLOW_BOOT_MESSAGE = 'WebContainer is still booting (the first start downloads the runtime)…';

export const NOT_ISOLATED_MESSAGE =
  'WebContainer needs a cross-origin isolated page (SharedArrayBuffer), and this one is not. Serve the ' +
  'app with the headers "Cross-Origin-Opener-Policy: same-origin" and "Cross-Origin-Embedder-Policy: ' +
  'require-corp" over HTTPS or localhost, or switch to the offline runtime.';

export async function bootRuntime(choice: RuntimeChoice, options: BootRuntimeOptions = {}): Promise<BootedRuntime> {
  const factories: RuntimeFactories = { ...defaultFactories, ...options.factories };
  const timeoutMs = options.timeoutMs ?? DEFAULT_BOOT_TIMEOUT_MS;
  const status = options.onStatus ?? (() => undefined);
  const started = performance.now();
  const done = (runtime: Runtime, fellBack: boolean): BootedRuntime => {
    const bootMs = Math.round(performance.now() - started);
    status(`${runtime.kind === 'webcontainer' ? 'WebContainer' : 'Offline runtime'} ready in ${bootMs} ms`);
    return { runtime, kind: runtime.kind, bootMs, fellBack };
  };

  if (choice === 'offline') {
    status('Starting the offline runtime…');
    return done(await factories.offline({ timeoutMs }), false);
  }

  try {
    // Fail fast: without isolation WebContainer would load its iframe and then fail obscurely.
    if (!factories.isCrossOriginIsolated()) throw new RuntimeError('not-isolated', NOT_ISOLATED_MESSAGE);
    status('Booting WebContainer…');
    const slow = setTimeout(() => status(SLOW_BOOT_MESSAGE), SLOW_BOOT_NOTICE_MS);
    try {
      return done(await factories.webcontainer({ timeoutMs }), false);
    } finally {
      clearTimeout(slow);
    }
  } catch (error) {
    if (choice === 'webcontainer') throw error;
    status(`WebContainer is unavailable (${errorMessage(error)}). Starting the offline runtime…`);
    return done(await factories.offline({ timeoutMs }), true);
  }
}
