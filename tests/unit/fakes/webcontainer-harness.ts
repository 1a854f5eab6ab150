/** Booting the WebContainer adapter over the fake API, one fresh adapter module per test. */
import { vi } from 'vitest';
import type { Runtime } from '@/lib/runtime/port';
import { createFakeWebContainerApi, type FakeApiOptions } from './webcontainer-api';

/** The adapter keeps one boot promise per module (per page); a fresh module per test keeps tests apart. */
export async function loadAdapter() {
  vi.resetModules();
  return import('@/lib/runtime/webcontainer');
}

const live: Runtime[] = [];

export async function bootFake(options: FakeApiOptions = {}, timeoutMs = 1000) {
  const fake = createFakeWebContainerApi(options);
  const adapter = await loadAdapter();
  const runtime = await adapter.bootWebContainerRuntime({ timeoutMs, api: fake.api, previewScriptUrl: null });
  live.push(runtime);
  return { runtime, fake, wc: fake.wc, adapter };
}

/** For afterEach: disposes every runtime bootFake made. */
export function disposeAll() {
  for (const runtime of live.splice(0)) runtime.dispose();
}

export const callsOf = (calls: { method: string; args: unknown[] }[], method: string) => calls.filter((c) => c.method === method).map((c) => c.args);

/** Reads a stream in the background; `text()` is everything so far, `until()` waits for a needle. */
export function drain(stream: ReadableStream<string>) {
  let text = '';
  const reader = stream.getReader();
  const done = (async () => {
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return;
      text += value;
    }
  })().catch(() => undefined);
  return {
    text: () => text,
    done,
    async until(needle: string | RegExp, ms = 2000) {
      const started = Date.now();
      const found = () => (typeof needle === 'string' ? text.includes(needle) : needle.test(text));
      while (!found()) {
        if (Date.now() - started > ms) throw new Error(`timed out waiting for ${String(needle)} in ${JSON.stringify(text)}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      return text;
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
