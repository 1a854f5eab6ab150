// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { parseKeyCombo } from '@/lib/preview-page/keys';
import { forwardRegionKeys } from '@/lib/preview-page/region-keys';
import { nextTabbable, tabbables } from '@/lib/preview-page/tabbable';
import { insertText, setNativeValue, deleteText } from '@/lib/preview-page/editing';
import { scrollTarget } from '@/lib/preview-page/scroll';
import { selectMarks } from '@/lib/preview-page/marks';
import { createBridgeHandler, isTrustedSource } from '@/lib/preview-page/handler';
import { resolvePreviewUrl } from '@/lib/preview-page/navigation';
import { interpolatePath } from '@/lib/preview-page/pointer';
import { BRIDGE_TAG } from '@/lib/computer-use/types';
import { domToCanvas } from 'modern-screenshot';
import { MAX_PNG_BYTES, SCREENSHOT_TARGET, screenshotSize, takeScreenshot } from '@/lib/preview-page/screenshot';

// jsdom cannot render: the DOM capture is replaced by a canvas of the requested size whose encodings have
// chosen byte sizes, so the size and format decisions can be checked.
vi.mock('modern-screenshot', () => ({ domToCanvas: vi.fn() }));

describe('key parsing', () => {
  it('normalizes modifier aliases and combined strings', () => {
    const combo = parseKeyCombo(['ctrl+A']);
    expect(combo.flags).toEqual({ ctrlKey: true, shiftKey: false, altKey: false, metaKey: false });
    expect(combo.modifiers.map((m) => m.code)).toEqual(['ControlLeft']);
    expect(combo.keys).toEqual([{ key: 'A', code: 'KeyA', keyCode: 65 }]);
    expect(parseKeyCombo(['Return']).keys[0]).toMatchObject({ key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(parseKeyCombo(['cmd', 'a']).flags.metaKey).toBe(true);
    expect(parseKeyCombo(['+']).keys[0]?.key).toBe('+');
  });
  it('shift with a letter reports the capital, like a keyboard', () => {
    expect(parseKeyCombo(['Shift', 'a']).keys[0]?.key).toBe('A');
    expect(parseKeyCombo(['Shift', 'Tab']).keys[0]).toMatchObject({ key: 'Tab', code: 'Tab' });
  });
  it('maps named keys and function keys', () => {
    expect(parseKeyCombo(['esc', 'space', 'down', 'F5']).keys.map((k) => k.key)).toEqual(['Escape', ' ', 'ArrowDown', 'F5']);
  });
});

describe('tab order', () => {
  it('puts positive tabindex first, skips disabled, hidden and negative', () => {
    document.body.innerHTML = `<input id=a><button id=b disabled>x</button><a id=c href="#">c</a>
      <div id=d tabindex="2">d</div><span id=e tabindex="-1">e</span><input id=f type=hidden><div hidden><input id=g></div><textarea id=h></textarea>`;
    expect(tabbables(document).map((e) => e.id)).toEqual(['d', 'a', 'c', 'h']);
    const a = document.getElementById('a');
    expect(nextTabbable(document, a, false)?.id).toBe('c');
    expect(nextTabbable(document, a, true)?.id).toBe('d');
    expect(nextTabbable(document, document.getElementById('h'), false)?.id).toBe('d');
  });
});

describe('React-style value setting', () => {
  it('bypasses an instance-level value setter and fires input', () => {
    document.body.innerHTML = '<input id=i value="ab">';
    const input = document.getElementById('i') as HTMLInputElement;
    // What React's value tracker does: an own-property setter that swallows direct assignments.
    let tracked = input.value;
    Object.defineProperty(input, 'value', {
      configurable: true,
      get: () => tracked,
      set: () => undefined,
    });
    const proto = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    const seen: string[] = [];
    input.addEventListener('input', () => seen.push(proto?.get?.call(input) as string));
    setNativeValue(input, 'xyz');
    expect(proto?.get?.call(input)).toBe('xyz');
    tracked = 'ab';
    delete (input as { value?: string }).value;
    input.value = 'ab';
    input.setSelectionRange(1, 1);
    insertText(input, 'Q');
    expect(input.value).toBe('aQb');
    expect(seen.at(-1)).toBe('aQb');
    deleteText(input, 'backward');
    expect(input.value).toBe('ab');
    expect(input.selectionStart).toBe(1);
  });
});

describe('scroll target', () => {
  it('picks the nearest ancestor that can scroll that way, else the page', () => {
    document.body.innerHTML = '<div id=outer style="overflow:auto"><div id=inner style="overflow-y:scroll"><p id=p>x</p></div></div>';
    const inner = document.getElementById('inner') as HTMLElement;
    Object.defineProperty(inner, 'scrollHeight', { value: 500 });
    Object.defineProperty(inner, 'clientHeight', { value: 100 });
    const p = document.getElementById('p');
    expect(scrollTarget(p, 'down', document)).toBe(inner);
    // At the top already: scrolling up goes to the page.
    expect(scrollTarget(p, 'up', document)).toBe(document.scrollingElement ?? document.documentElement);
    inner.scrollTop = 400;
    expect(scrollTarget(p, 'down', document)).toBe(document.scrollingElement ?? document.documentElement);
  });
});

describe('Set-of-Mark selection', () => {
  it('numbers visible interactive elements in reading order', () => {
    document.body.innerHTML = `<button id=b2>Two</button><a id=a1 href="/x">One</a><div id=n>plain</div>
      <span role=button id=r>Three</span><button id=hid style="display:none">no</button><input type=hidden>`;
    const boxes: Record<string, [number, number]> = { b2: [100, 10], a1: [10, 10], r: [10, 50], hid: [0, 0] };
    for (const [id, [x, y]] of Object.entries(boxes)) {
      const element = document.getElementById(id) as HTMLElement;
      element.getBoundingClientRect = () => ({ left: x, top: y, right: x + 40, bottom: y + 20, width: 40, height: 20, x, y, toJSON: () => ({}) });
    }
    const marks = selectMarks(document, { checkHit: false }).map((m) => [m.mark.label, m.element.id]);
    expect(marks).toEqual([
      [1, 'a1'],
      [2, 'b2'],
      [3, 'r'],
    ]);
  });
});

describe('protocol handler', () => {
  const parent = { postMessage: vi.fn() } as unknown as Window;
  it('answers only the parent with the IDE origin', async () => {
    const perform = vi.fn(async () => ({ result: { width: 1, height: 2 } }));
    const handle = createBridgeHandler({ parent, ideOrigin: 'http://ide', perform });
    const request = { tag: BRIDGE_TAG, kind: 'request', id: '1', op: 'size' };
    handle({ data: request, origin: 'http://evil', source: parent } as MessageEvent);
    handle({ data: request, origin: 'http://ide', source: {} as Window } as MessageEvent);
    expect(perform).not.toHaveBeenCalled();
    handle({ data: request, origin: 'http://ide', source: parent } as MessageEvent);
    await vi.waitFor(() =>
      expect(parent.postMessage).toHaveBeenCalledWith({ tag: BRIDGE_TAG, kind: 'response', id: '1', ok: true, result: { width: 1, height: 2 } }, 'http://ide'),
    );
    expect(isTrustedSource({ origin: 'http://ide', source: parent }, parent, 'http://ide')).toBe(true);
  });
  it('rejects malformed requests with a BadRequest error', async () => {
    const post = vi.fn();
    const source = { postMessage: post } as unknown as Window;
    const handle = createBridgeHandler({ parent: source, ideOrigin: 'http://ide', perform: vi.fn() });
    handle({ data: { tag: BRIDGE_TAG, kind: 'request', id: '9', op: 'execute', action: { type: 'fly' } }, origin: 'http://ide', source } as MessageEvent);
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]?.[0]).toMatchObject({ id: '9', ok: false, error: { name: 'BadRequest' } });
  });
});

describe('navigation limits', () => {
  const offline = new URL('http://ide/__virtual__/3000/todos');
  it('keeps root paths inside the offline preview prefix', () => {
    expect(resolvePreviewUrl('/about', offline).pathname).toBe('/__virtual__/3000/about');
    expect(resolvePreviewUrl('second', offline).pathname).toBe('/__virtual__/3000/second');
    expect(resolvePreviewUrl('/__virtual__/3000/x', offline).pathname).toBe('/__virtual__/3000/x');
  });
  it('refuses other origins and other previews', () => {
    expect(() => resolvePreviewUrl('https://example.com/', offline)).toThrow(/limited to the preview/);
    expect(() => resolvePreviewUrl('http://ide/__virtual__/4000/', offline)).toThrow(/limited to the preview/);
    expect(resolvePreviewUrl('/a', new URL('https://x.webcontainer-api.io/')).href).toBe('https://x.webcontainer-api.io/a');
  });
});

describe('drag path', () => {
  it('interpolates long segments', () => {
    const points = interpolatePath([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
    ]);
    expect(points[0]).toEqual({ x: 0, y: 0 });
    expect(points.at(-1)).toEqual({ x: 100, y: 0 });
    expect(points.length).toBe(6);
  });
});

describe('screenshot size and format', () => {
  const encoded = { png: 1000, jpeg: 500 };
  function useViewport(width: number, height: number) {
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
  }
  const fakeCapture = async (_node: Node, options: { width?: number; height?: number; scale?: number } = {}) => {
    const scale = options.scale ?? 1;
    const canvas = {
      width: Math.floor((options.width ?? 0) * scale),
      height: Math.floor((options.height ?? 0) * scale),
      getContext: () => null,
      toBlob: (done: (blob: Blob) => void, type: string) => done(new Blob([new Uint8Array(type === 'image/jpeg' ? encoded.jpeg : encoded.png)], { type })),
    };
    return canvas as unknown as HTMLCanvasElement;
  };
  vi.mocked(domToCanvas).mockImplementation(fakeCapture as typeof domToCanvas);

  it.each([
    [
      { width: 1000, height: 600 },
      { width: 1440, height: 864 },
    ],
    [
      { width: 700, height: 450 },
      { width: 1400, height: 900 },
    ],
    [
      { width: 2880, height: 1800 },
      { width: 1440, height: 900 },
    ],
    [
      { width: 400, height: 800 },
      { width: 450, height: 900 },
    ],
  ])('a %o viewport is scaled as a whole to fit 1440×900: %o', (viewport, size) => {
    const result = screenshotSize(viewport);
    expect({ width: result.width, height: result.height }).toEqual(size);
    expect(result.width <= SCREENSHOT_TARGET.width && result.height <= SCREENSHOT_TARGET.height).toBe(true);
    expect(result.width === SCREENSHOT_TARGET.width || result.height === SCREENSHOT_TARGET.height).toBe(true);
    expect(Math.abs(result.width / result.height - viewport.width / viewport.height)).toBeLessThan(0.01);
  });

  it('renders the page once at that scale; the viewport (what coordinates refer to) is unchanged', async () => {
    vi.mocked(domToCanvas).mockClear();
    useViewport(700, 450);
    const shot = await takeScreenshot(document);
    expect(domToCanvas).toHaveBeenCalledTimes(1);
    expect((vi.mocked(domToCanvas).mock.calls[0] as unknown[] | undefined)?.[1]).toMatchObject({ width: 700, height: 450, scale: expect.closeTo(2, 6) });
    expect(shot).toMatchObject({ width: 1400, height: 900, viewport: { width: 700, height: 450 }, mimeType: 'image/png' });
    // Every screenshot of the same preview has the same size.
    expect(await takeScreenshot(document)).toMatchObject({ width: 1400, height: 900 });
  });

  it('a PNG over the limit keeps its size: PNG for a model without JPEG, JPEG where the model takes it', async () => {
    useViewport(1000, 600);
    encoded.png = MAX_PNG_BYTES + 1;
    const png = await takeScreenshot(document);
    expect(png).toMatchObject({ width: 1440, height: 864, mimeType: 'image/png' });
    expect(atob(png.base64).length).toBe(MAX_PNG_BYTES + 1);
    const jpeg = await takeScreenshot(document, { allowJpeg: true });
    expect(jpeg).toMatchObject({ width: 1440, height: 864, mimeType: 'image/jpeg' });
    expect(atob(jpeg.base64).length).toBe(encoded.jpeg);
    encoded.png = 1000;
    expect(await takeScreenshot(document, { allowJpeg: true })).toMatchObject({ mimeType: 'image/png' });
  });
});

describe('F6 in the preview page', () => {
  // A person's F6 reaching the IDE is checked end to end (tests/e2e/keyboard-walk.spec.ts): only the browser
  // makes trusted key events.
  it("leaves synthetic key events (the page's own, or the agent's) in the page", () => {
    const post = vi.fn();
    const stop = forwardRegionKeys(window, post);
    const event = new KeyboardEvent('keydown', { key: 'F6', code: 'F6', bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(post).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    stop();
  });
});
