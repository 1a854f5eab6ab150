import { describe, expect, it } from 'vitest';
import { createPreviewComputer, frameOrigin } from '@/lib/computer-use/preview-computer';
import { BRIDGE_TAG, type BridgeRequest } from '@/lib/computer-use/types';

/** A host window and a frame whose "page" answers like the bridge (or stays silent). */
function setup(answer: (request: BridgeRequest) => unknown, options: { silent?: boolean; origin?: string } = {}) {
  const host = new EventTarget() as EventTarget & { location: { href: string } };
  host.location = { href: 'http://ide.test/editor' };
  const sent: { request: BridgeRequest; origin: string }[] = [];
  const frameWindow = {
    postMessage(request: BridgeRequest, origin: string) {
      sent.push({ request, origin });
      if (options.silent) return;
      const reply = { tag: BRIDGE_TAG, kind: 'response', id: request.id, ok: true, result: answer(request) };
      queueMicrotask(() =>
        host.dispatchEvent(Object.assign(new Event('message'), { data: reply, origin: options.origin ?? 'http://ide.test', source: frameWindow })),
      );
    },
  };
  const frame = { getAttribute: () => '/__virtual__/3000/', contentWindow: frameWindow, clientWidth: 640, clientHeight: 480 } as unknown as HTMLIFrameElement;
  const computer = createPreviewComputer(() => frame, { host: host as unknown as Window, timeoutMs: 300 });
  return { computer, sent, host, frameWindow };
}

const shot = {
  base64: 'AA==',
  mimeType: 'image/png',
  width: 640,
  height: 480,
  viewport: { width: 640, height: 480 },
  url: 'http://ide.test/__virtual__/3000/',
};

describe('PreviewComputer', () => {
  it('derives the target origin from the frame src', () => {
    const frame = { getAttribute: () => 'https://abc.webcontainer-api.io/x' } as unknown as HTMLIFrameElement;
    expect(frameOrigin(frame, 'http://ide.test/')).toBe('https://abc.webcontainer-api.io');
  });

  it('executes an action, then screenshots, to the frame origin only', async () => {
    const { computer, sent } = setup((request) =>
      request.op === 'ping' ? { url: '' } : request.op === 'execute' ? { at: { x: 5, y: 6 }, note: 'clicked <button>' } : shot,
    );
    const result = await computer.execute({ type: 'click', x: 5, y: 6, button: 'left' });
    expect(result).toEqual({ screenshot: shot, at: { x: 5, y: 6 }, note: 'clicked <button>' });
    expect(sent.map((s) => s.request.op)).toEqual(['ping', 'execute', 'screenshot']);
    expect(new Set(sent.map((s) => s.origin))).toEqual(new Set(['http://ide.test']));
    expect(await computer.displaySize()).toEqual({ width: 640, height: 480 });
    await computer.close();
  });

  it('ignores answers from another origin and times out with advice', async () => {
    const { computer } = setup(() => shot, { origin: 'http://evil.test' });
    await expect(computer.screenshot()).rejects.toMatchObject({ name: 'BridgeTimeout', message: expect.stringMatching(/reload the preview/) });
    await computer.close();
  });

  it('rejects pending work on close', async () => {
    const { computer } = setup(() => shot, { silent: true });
    const pending = computer.screenshot();
    await computer.close();
    await expect(pending).rejects.toMatchObject({ name: expect.stringMatching(/Closed|BridgeTimeout/) });
  });
});
