// @vitest-environment jsdom
/**
 * The API key against the real `@webcontainer/api` module (its own file: the module keeps its frame and its
 * "boot was called" flag per page). Under jsdom its boot() inserts the frame and then waits forever, as in a
 * browser that cannot reach stackblitz.com, which is enough to see where the key went.
 */
import { describe, expect, it } from 'vitest';
import { bootWebContainerRuntime } from '@/lib/runtime/webcontainer';
import { WEBCONTAINER_API_KEY_META_NAME } from '@/lib/runtime/webcontainer/api-key';

describe('the WebContainer API key, on the real module', () => {
  it('reaches the frame as its client id, before boot, from the key the server put into the page', async () => {
    const meta = document.createElement('meta');
    meta.name = WEBCONTAINER_API_KEY_META_NAME;
    meta.content = 'wc_api_example-key';
    document.head.append(meta);
    const error = await bootWebContainerRuntime({ timeoutMs: 200, previewScriptUrl: null }).catch((e: unknown) => e);
    // The real configureAPIKey refuses a key after any boot(): had it come late, the frame would carry none.
    expect(error).toMatchObject({ code: 'boot-timeout' });
    const src = document.querySelector('iframe')?.getAttribute('src') ?? '';
    expect(new URL(src).searchParams.get('client_id')).toBe('wc_api_example-key');
  });
});
