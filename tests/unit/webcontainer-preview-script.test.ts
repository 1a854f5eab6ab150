// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeWebContainerApi } from './fakes/webcontainer-api';
import { loadAdapter } from './fakes/webcontainer-harness';

const BRIDGE_URL = 'http://ide.test/preview-bridge.js?ide=http%3A%2F%2Fide.test';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the preview script WebContainer injects', () => {
  it('the fake refuses what is not JavaScript, as a page would fail to run it', async () => {
    const fake = createFakeWebContainerApi();
    const adapter = await loadAdapter();
    const runtime = await adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api, previewScriptUrl: null, sourceLocationsPlugin: null });
    await expect(fake.wc.setPreviewScript(`<script src="${BRIDGE_URL}"></script>`)).rejects.toThrow(/not JavaScript/);
    runtime.dispose();
  });

  it('is code that, run in a preview page, adds the bridge as a <script src> once (so currentScript.src names it)', async () => {
    const fake = createFakeWebContainerApi();
    const adapter = await loadAdapter();
    const runtime = await adapter.bootWebContainerRuntime({ timeoutMs: 1000, api: fake.api, previewScriptUrl: BRIDGE_URL, sourceLocationsPlugin: null });
    const script = fake.wc.previewScript;
    expect(script).not.toBeNull();
    // Run it as the container would, inline in the page, twice (a page may be injected again).
    new Function(script ?? '')();
    new Function(script ?? '')();
    const tags = [...document.querySelectorAll('script[data-tabsmith-bridge]')] as HTMLScriptElement[];
    expect(tags.map((tag) => tag.src)).toEqual([BRIDGE_URL]);
    expect(tags[0]?.referrerPolicy).toBe('no-referrer');
    runtime.dispose();
  });
});
