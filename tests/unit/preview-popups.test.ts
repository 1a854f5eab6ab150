// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { forwardPopups } from '@/lib/preview-page/popups';
import type { BridgeOpen } from '@/lib/computer-use/types';
import { previewPopupTarget } from '@/lib/preview/preview-window';

describe("a preview's own pages in new windows", () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('links with target=_blank, modified clicks and window.open of its own pages go to the IDE; other sites and same-window links do not', () => {
    window.history.replaceState(null, '', '/__virtual__/3000/');
    document.body.innerHTML =
      '<a id=blank href="about" target="_blank">a</a><a id=same href="about">b</a><a id=other href="https://example.test/x" target="_blank">c</a>';
    const posted: BridgeOpen[] = [];
    const opened: unknown[] = [];
    window.open = ((url?: string | URL) => (opened.push(String(url)), null)) as typeof window.open;
    stop = forwardPopups(window, (message) => posted.push(message));

    const click = (id: string, init: MouseEventInit = {}) =>
      document.getElementById(id)?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
    click('blank');
    click('same');
    click('same', { ctrlKey: true });
    click('other');
    window.open('next?x=1');
    window.open('https://example.test/y');
    window.open('about', '_self');

    const here = window.location.origin;
    expect(posted.map((message) => message.url)).toEqual([
      `${here}/__virtual__/3000/about`,
      `${here}/__virtual__/3000/about`,
      `${here}/__virtual__/3000/next?x=1`,
    ]);
    expect(opened).toEqual(['https://example.test/y', 'about']);
  });

  it('the IDE opens only service-worker pages of the preview that asked', () => {
    expect(previewPopupTarget('http://p0-w1.localhost:3000/__virtual__/3000/about', 'http://p0-w1.localhost:3000')).toBe(
      'http://p0-w1.localhost:3000/__virtual__/3000/about',
    );
    expect(previewPopupTarget('http://127.0.0.1:3000/__virtual__/3000/about', 'http://p0-w1.localhost:3000')).toBeNull();
    expect(previewPopupTarget('http://p0-w1.localhost:3000/settings', 'http://p0-w1.localhost:3000')).toBeNull();
    expect(previewPopupTarget('javascript:alert(1)', 'http://p0-w1.localhost:3000')).toBeNull();
  });
});
