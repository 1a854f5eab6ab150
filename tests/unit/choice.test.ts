import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BOOT_TIMEOUT_MS,
  MAX_BOOT_TIMEOUT_MS,
  MIN_BOOT_TIMEOUT_MS,
  resolveBootTimeoutMs,
  resolveRuntimeChoice,
  runtimeInForce,
} from '@/lib/runtime/choice';
import { describeRuntime } from '@/lib/runtime/runtime-status';
import { UNREACHABLE_MESSAGE } from '@/lib/runtime/boot';
import type { Runtime } from '@/lib/runtime/port';

const url = (query: string) => new URLSearchParams(query);

describe('resolveRuntimeChoice', () => {
  it('defaults to auto', () => {
    expect(resolveRuntimeChoice({})).toBe('auto');
    expect(resolveRuntimeChoice({ url: url(''), stored: null, envDefault: undefined })).toBe('auto');
  });

  it('prefers the URL, then the stored setting, then the env default', () => {
    expect(resolveRuntimeChoice({ url: url('runtime=offline'), stored: 'webcontainer', envDefault: 'auto' })).toBe('offline');
    expect(resolveRuntimeChoice({ url: url('other=1'), stored: 'webcontainer', envDefault: 'offline' })).toBe('webcontainer');
    expect(resolveRuntimeChoice({ url: url(''), stored: null, envDefault: 'offline' })).toBe('offline');
    expect(resolveRuntimeChoice({ url: url('runtime=auto'), stored: 'offline' })).toBe('auto');
  });

  it('skips invalid values at every level', () => {
    expect(resolveRuntimeChoice({ url: url('runtime=nodebox'), stored: 'offline' })).toBe('offline');
    expect(resolveRuntimeChoice({ url: url('runtime='), stored: 'bogus', envDefault: 'webcontainer' })).toBe('webcontainer');
    expect(resolveRuntimeChoice({ stored: '"offline"', envDefault: 'WEBCONTAINER' })).toBe('auto');
  });

  it('tolerates surrounding whitespace', () => {
    expect(resolveRuntimeChoice({ envDefault: ' offline\n' })).toBe('offline');
  });
});

describe('resolveBootTimeoutMs', () => {
  it('defaults to 60 s: a cold WebContainer boot downloads the runtime first', () => {
    expect(resolveBootTimeoutMs({})).toBe(DEFAULT_BOOT_TIMEOUT_MS);
    expect(DEFAULT_BOOT_TIMEOUT_MS).toBe(60_000);
  });

  it('prefers the URL over the env default', () => {
    expect(resolveBootTimeoutMs({ url: url('bootTimeoutMs=2000'), envDefault: '5000' })).toBe(2000);
    expect(resolveBootTimeoutMs({ url: url(''), envDefault: '5000' })).toBe(5000);
  });

  it('clamps to sane bounds', () => {
    expect(resolveBootTimeoutMs({ url: url('bootTimeoutMs=1') })).toBe(MIN_BOOT_TIMEOUT_MS);
    expect(resolveBootTimeoutMs({ url: url('bootTimeoutMs=99999999') })).toBe(MAX_BOOT_TIMEOUT_MS);
    expect(MIN_BOOT_TIMEOUT_MS).toBeGreaterThan(0);
    expect(MAX_BOOT_TIMEOUT_MS).toBeLessThanOrEqual(120_000);
  });

  it('ignores values that are not positive whole numbers', () => {
    for (const bad of ['abc', '', '-5', '0', '2.5', 'Infinity', '1e400']) {
      expect(resolveBootTimeoutMs({ url: url(`bootTimeoutMs=${bad}`), envDefault: '3000' })).toBe(3000);
    }
    expect(resolveBootTimeoutMs({ envDefault: 'soon' })).toBe(DEFAULT_BOOT_TIMEOUT_MS);
  });
});

describe('what the status bar and the runtime menu show', () => {
  it('the menu shows the runtime in force once booted, the requested choice before', () => {
    expect(runtimeInForce({ requested: 'auto', booted: 'offline' })).toBe('offline');
    expect(runtimeInForce({ requested: 'auto', booted: 'webcontainer' })).toBe('webcontainer');
    expect(runtimeInForce({ requested: 'offline' })).toBe('offline');
    expect(runtimeInForce({ requested: 'auto' })).toBe('auto');
  });

  it('after a fallback the status line says why, in plain words', () => {
    const runtime = { kind: 'offline' } as Runtime;
    const ready = { phase: 'ready', runtime, kind: 'offline', bootMs: 41.6, fellBack: true, fallbackReason: UNREACHABLE_MESSAGE } as const;
    expect(describeRuntime(ready)).toBe("offline runtime · booted in 42 ms · WebContainer's servers are unreachable; using the offline runtime");
    expect(describeRuntime({ ...ready, fellBack: false, fallbackReason: undefined })).toBe('offline runtime · booted in 42 ms');
  });
});
