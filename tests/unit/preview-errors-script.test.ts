// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ERROR_OVERLAY_TAG, PREVIEW_CLEAR_TYPE, PREVIEW_ERROR_TYPE, previewErrorScript } from '@/lib/preview-page/error-script';

/** Runs the injected script in this window and records what it posts to the IDE. */
function runScript(): { posts: Record<string, unknown>[] } {
  const posts: Record<string, unknown>[] = [];
  window.postMessage = ((data: Record<string, unknown>) => posts.push(data)) as typeof window.postMessage;
  const source = /<script[^>]*>([\s\S]*)<\/script>/.exec(previewErrorScript('https://ide.test'))?.[1] ?? '';
  new Function(source)();
  return { posts };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the preview page script', () => {
  it('says on load that older errors are past, marks errors shown in the overlay, and says when the overlay goes', async () => {
    const { posts } = runScript();
    expect(posts[0]).toMatchObject({ type: PREVIEW_CLEAR_TYPE, reason: 'load' });
    expect(typeof posts[0]?.since).toBe('number');

    window.dispatchEvent(new ErrorEvent('error', { message: 'runtime boom' }));
    expect(posts.at(-1)).toMatchObject({ type: PREVIEW_ERROR_TYPE, message: 'runtime boom', overlay: false });

    const overlay = document.createElement(ERROR_OVERLAY_TAG);
    document.body.appendChild(overlay);
    window.dispatchEvent(new ErrorEvent('error', { message: 'Unexpected token' }));
    expect(posts.at(-1)).toMatchObject({ type: PREVIEW_ERROR_TYPE, message: 'Unexpected token', overlay: true });
    await settle();
    expect(posts.filter((p) => p.type === PREVIEW_CLEAR_TYPE)).toHaveLength(1);

    // Replaced by a newer overlay in one go: still showing an error, nothing cleared.
    overlay.remove();
    document.body.appendChild(document.createElement(ERROR_OVERLAY_TAG));
    await settle();
    expect(posts.filter((p) => p.type === PREVIEW_CLEAR_TYPE)).toHaveLength(1);

    document.querySelectorAll(ERROR_OVERLAY_TAG).forEach((node) => node.remove());
    await settle();
    expect(posts.at(-1)).toMatchObject({ type: PREVIEW_CLEAR_TYPE, reason: 'overlay' });
  });

  it('reports the error an overlay shows when it appears, as Vite shows some compile errors nowhere else', async () => {
    document.body.replaceChildren();
    const { posts } = runScript();
    const overlay = document.createElement(ERROR_OVERLAY_TAG);
    const root = overlay.attachShadow({ mode: 'open' });
    root.innerHTML = '<pre class="message-body">Unexpected token (2:3)</pre><div class="file">/home/project/src/App.svelte:2:3</div>';
    document.body.appendChild(overlay);
    await settle();
    expect(posts.at(-1)).toMatchObject({
      type: PREVIEW_ERROR_TYPE,
      message: 'Unexpected token (2:3)',
      stack: '/home/project/src/App.svelte:2:3',
      overlay: true,
    });
  });
});
