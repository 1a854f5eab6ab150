/**
 * Which runtime to boot and how long to wait for it. Sources, strongest first: the page URL
 * (`?runtime=`, `?bootTimeoutMs=`), the user's stored setting, the build's env default.
 * Every source is user-editable text, so each is validated and an invalid one is skipped.
 */
import { z } from 'zod';
import type { RuntimeChoice, RuntimeKind } from './port';

/** localStorage key the settings UI writes the chosen runtime to. */
export const RUNTIME_STORAGE_KEY = 'tabsmith.runtime';

export const runtimeChoiceSchema = z.enum(['auto', 'webcontainer', 'offline']);

/** A cold WebContainer boot downloads the runtime first; hosted bolt.new's 30 s is still too short for some. */
export const DEFAULT_BOOT_TIMEOUT_MS = 60_000;
/** Below this even a healthy WebContainer boot cannot finish; above it the user has given up. */
export const MIN_BOOT_TIMEOUT_MS = 500;
export const MAX_BOOT_TIMEOUT_MS = 120_000;

export function resolveRuntimeChoice(input: { url?: URLSearchParams; stored?: string | null; envDefault?: string }): RuntimeChoice {
  const candidates = [input.url?.get('runtime'), input.stored, input.envDefault];
  for (const candidate of candidates) {
    const parsed = runtimeChoiceSchema.safeParse(candidate?.trim());
    if (parsed.success) return parsed.data;
  }
  return 'auto';
}

/**
 * What the runtime menu shows: the runtime in force once one is booted (Offline after 'auto' fell back, or with
 * `?runtime=offline` whatever the stored setting says), the choice being booted before that.
 */
export function runtimeInForce(input: { requested: RuntimeChoice; booted?: RuntimeKind }): RuntimeChoice {
  return input.booted ?? input.requested;
}

/**
 * The stored runtime setting (the settings dialog and the status bar's menu both write it). It lives in
 * localStorage, not with the other settings in IndexedDB, because the runtime is chosen before the first render
 * and that read has to be synchronous.
 */
export function readStoredRuntime(): RuntimeChoice {
  if (typeof window === 'undefined') return 'auto';
  return runtimeChoiceSchema.catch('auto').parse(window.localStorage.getItem(RUNTIME_STORAGE_KEY));
}

export function writeStoredRuntime(choice: RuntimeChoice): void {
  window.localStorage.setItem(RUNTIME_STORAGE_KEY, choice);
}

/** Stores the choice and reloads without a `?runtime=` override: one runtime per page (WebContainer cannot boot twice). */
export function switchRuntime(choice: RuntimeChoice): void {
  writeStoredRuntime(choice);
  const url = new URL(window.location.href);
  url.searchParams.delete('runtime');
  window.location.assign(url.href);
}

const timeoutSchema = z.coerce.number().int().positive();

/** The boot timeout in ms: URL, then env default, then 60 s; clamped to [0.5 s, 120 s]. */
export function resolveBootTimeoutMs(input: { url?: URLSearchParams; envDefault?: string }): number {
  const candidates = [input.url?.get('bootTimeoutMs'), input.envDefault];
  for (const candidate of candidates) {
    // Number('') is 0, which the positive() check rejects, so an empty parameter is skipped too.
    const parsed = timeoutSchema.safeParse(candidate?.trim() || undefined);
    if (parsed.success) return Math.min(MAX_BOOT_TIMEOUT_MS, Math.max(MIN_BOOT_TIMEOUT_MS, parsed.data));
  }
  return DEFAULT_BOOT_TIMEOUT_MS;
}
