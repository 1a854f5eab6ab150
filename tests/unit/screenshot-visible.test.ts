// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screenshotStyleProperties } from '@/lib/preview-page/style-properties';
import { screenshotFilter } from '@/lib/preview-page/visible';

/** jsdom has no layout: each element gets the box a 800×600 viewport page would give it. */
function layout(boxes: Record<string, { top: number; height: number } | null>) {
  for (const [id, box] of Object.entries(boxes)) {
    const element = document.getElementById(id);
    if (!element) throw new Error(`no #${id}`);
    element.getClientRects = () =>
      box
        ? ([{ top: box.top, bottom: box.top + box.height, left: 0, right: 800, width: 800, height: box.height }] as unknown as DOMRectList)
        : ([] as unknown as DOMRectList);
  }
}

describe('what a viewport screenshot clones', () => {
  Object.defineProperty(window, 'innerWidth', { value: 800 });
  Object.defineProperty(window, 'innerHeight', { value: 600 });

  it('leaves out the insides of blocks far from the viewport, keeps the blocks and everything near it', () => {
    document.body.innerHTML = `
      <section id="above"><p id="above-text">scrolled past</p></section>
      <section id="visible"><p id="visible-text">on screen</p></section>
      <section id="below"><p id="below-text">far below</p></section>
      <div id="portal"><div id="modal" style="position: fixed">a fixed dialog</div></div>
      <p id="para">text <span id="far-span">far away</span> more</p>`;
    layout({
      above: { top: -2000, height: 300 },
      'above-text': { top: -1990, height: 20 },
      visible: { top: 100, height: 200 },
      'visible-text': { top: 110, height: 20 },
      below: { top: 3000, height: 200 },
      'below-text': { top: 3010, height: 20 },
      // A zero-height container at the end of the page whose fixed child shows in the middle of the viewport.
      portal: { top: 5000, height: 0 },
      modal: { top: 200, height: 100 },
      para: { top: 250, height: 40 },
      'far-span': null,
    });
    const keep = screenshotFilter(document);
    const byId = (id: string): Node => {
      const element = document.getElementById(id);
      if (!element) throw new Error(`no #${id}`);
      return element;
    };
    const child = (id: string): Node => byId(id).firstChild ?? byId(id);

    expect(keep(byId('above'))).toBe(true);
    expect(keep(byId('above-text'))).toBe(false);
    expect(keep(byId('below-text'))).toBe(false);
    expect(keep(byId('visible-text'))).toBe(true);
    expect(keep(child('visible-text'))).toBe(true);
    expect(keep(byId('modal'))).toBe(true);
    expect(keep(child('modal'))).toBe(true);
    // An inline element keeps its text even without a box of its own: emptying it would re-wrap the line.
    expect(keep(child('far-span'))).toBe(true);
  });

  it('copies the properties that shape a still picture, not motion, scrolling, interaction or custom properties', () => {
    const names = [
      'color',
      'transform',
      'will-change',
      'zoom',
      'break-inside',
      'scrollbar-width',
      'animation-name',
      'transition-duration',
      'scroll-snap-type',
      'cursor',
      'pointer-events',
      'caret-color',
      '--brand',
    ];
    const computed = { length: names.length, item: (i: number) => names[i] ?? '' };
    const doc = { documentElement: {}, defaultView: { getComputedStyle: () => computed } } as unknown as Document;
    expect(screenshotStyleProperties(doc)).toEqual(['color', 'transform', 'will-change', 'zoom', 'break-inside', 'scrollbar-width']);
  });
});
