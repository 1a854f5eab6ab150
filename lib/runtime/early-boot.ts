import { bootRuntime, type BootedRuntime } from '@/lib/runtime/boot';
import { RUNTIME_STORAGE_KEY, resolveBootTimeoutMs, resolveRuntimeChoice } from '@/lib/runtime/choice';
import { Listeners } from '@/lib/runtime/listeners';
import type { RuntimeChoice } from '@/lib/runtime/port';

/**
 * The runtime's boot, one per page and per request, started by whoever asks first. The IDE page asks as soon as it
 * runs, before the workbench's code has loaded: the runtime frame (another site, so another process) then loads
 * alongside that code instead of after it, which on a two-core machine was one to three seconds later.
 */
interface BootRequest {
  choice: RuntimeChoice;
  timeoutMs: number;
}

interface StartedBoot {
  readonly request: BootRequest;
  readonly promise: Promise<BootedRuntime>;
  /** Calls `listener` with the latest status now (if there was one) and with every later one; returns an unsubscribe. */
  onStatus(listener: (detail: string) => void): () => void;
}

/** The runtime the page asks for: `?runtime=`, then the stored choice, then the build's default. */
export function readBootRequest(): BootRequest {
  const url = new URLSearchParams(window.location.search);
  const stored = window.localStorage.getItem(RUNTIME_STORAGE_KEY);
  return {
    choice: resolveRuntimeChoice({ url, stored, envDefault: process.env.NEXT_PUBLIC_TABSMITH_RUNTIME }),
    timeoutMs: resolveBootTimeoutMs({ url, envDefault: process.env.NEXT_PUBLIC_TABSMITH_BOOT_TIMEOUT_MS }),
  };
}

let current: StartedBoot | null = null;

const sameRequest = (a: BootRequest, b: BootRequest) => a.choice === b.choice && a.timeoutMs === b.timeoutMs;

/** The boot for `request`: the one already running for an equal request, else a new one. */
export function startBoot(request: BootRequest, boot: typeof bootRuntime = bootRuntime): StartedBoot {
  if (current && sameRequest(current.request, request)) return current;
  const listeners = new Listeners<[detail: string]>();
  let latest: string | undefined;
  const promise = boot(request.choice, {
    timeoutMs: request.timeoutMs,
    onStatus: (detail) => {
      latest = detail;
      listeners.emit(detail);
    },
  });
  current = {
    request,
    promise,
    onStatus(listener) {
      const unsubscribe = listeners.add(listener);
      if (latest !== undefined) listener(latest);
      return unsubscribe;
    },
  };
  return current;
}
