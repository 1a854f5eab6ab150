import { describe, expect, it } from 'vitest';
import {
  MAX_PREVIEW_ERRORS,
  STUCK_AGAIN_WITHIN_MS,
  frameUrl,
  initialPreviewState,
  previewReducer,
  selectedUrl,
  type PreviewAction,
} from '@/lib/preview/preview-model';

const run = (...actions: PreviewAction[]) => actions.reduce(previewReducer, initialPreviewState);
const open = (port: number): PreviewAction => ({ type: 'port', event: { type: 'open', port, url: `/p/${port}/` } });
const close = (port: number): PreviewAction => ({ type: 'port', event: { type: 'close', port, url: '' } });

describe('preview model', () => {
  it('shows nothing until a port opens, then follows it', () => {
    expect(selectedUrl(initialPreviewState)).toBeNull();
    expect(selectedUrl(run(open(3000)))).toBe('/p/3000/');
  });

  it('keeps the shown port when another opens, but jumps to a server that becomes ready', () => {
    const twoOpen = run(open(3000), open(5173));
    expect(twoOpen.selectedPort).toBe(3000);
    expect(twoOpen.ports.map((p) => p.port)).toEqual([3000, 5173]);
    const ready = previewReducer(twoOpen, { type: 'server-ready', port: 5173, url: '/p/5173/' });
    expect(selectedUrl(ready)).toBe('/p/5173/');
  });

  it('falls back to another open port, or to nothing, when the shown one closes', () => {
    expect(run(open(3000), open(4000), close(3000)).selectedPort).toBe(4000);
    const none = run(open(3000), close(3000));
    expect(none.selectedPort).toBeNull();
    expect(selectedUrl(none)).toBeNull();
  });

  it('ignores selecting a port that is not open', () => {
    expect(run(open(3000), { type: 'select', port: 9999 }).selectedPort).toBe(3000);
  });

  it('reloads the frame when the shown port reopens and on request', () => {
    const first = run(open(3000));
    const reopened = previewReducer(previewReducer(first, close(3000)), open(3000));
    expect(reopened.reloadKey).toBeGreaterThan(first.reloadKey);
    expect(previewReducer(first, { type: 'reload' }).reloadKey).toBe(first.reloadKey + 1);
  });

  it('collects preview errors, bounded, and dismisses them', () => {
    let state = initialPreviewState;
    for (let i = 0; i < MAX_PREVIEW_ERRORS + 5; i++) {
      state = previewReducer(state, { type: 'error', error: { message: `boom ${i}`, at: i } });
    }
    expect(state.errors).toHaveLength(MAX_PREVIEW_ERRORS);
    expect(state.errors.at(-1)?.message).toBe(`boom ${MAX_PREVIEW_ERRORS + 4}`);
    expect(previewReducer(state, { type: 'dismiss-errors' }).errors).toEqual([]);
  });
});

describe('a preview restarted on a fresh site', () => {
  it('shows the same server at its new address, loaded again', () => {
    let state = previewReducer(initialPreviewState, { type: 'server-ready', port: 3000, url: 'http://p0-w1.localhost:3620/__virtual__/3000/' });
    state = previewReducer(state, { type: 'navigate', path: '/about' });
    const before = state.reloadKey;
    state = previewReducer(state, { type: 'moved', moved: [{ port: 3000, url: 'http://p1-w1.localhost:3620/__virtual__/3000/' }], at: 1_000 });
    expect(frameUrl(state)).toBe('http://p1-w1.localhost:3620/__virtual__/3000/about');
    expect(state.reloadKey).toBeGreaterThan(before);
    expect(state.stuck).toEqual({ at: 1_000, halted: false });
  });

  const urlOn = (site: number) => `http://p${site}-w1.localhost:3620/__virtual__/3000/`;
  const at = (site: number) => [{ port: 3000, url: urlOn(site) }];

  it('is not loaded again on its own when it gets stuck again soon after, until the user reloads it', () => {
    let state = previewReducer(initialPreviewState, { type: 'server-ready', port: 3000, url: urlOn(0) });
    state = previewReducer(state, { type: 'moved', moved: at(1), at: 10_000 });
    const reloads = state.reloadKey;
    state = previewReducer(state, { type: 'moved', moved: at(2), at: 10_000 + STUCK_AGAIN_WITHIN_MS - 1 });
    expect(state.stuck).toEqual({ at: 10_000 + STUCK_AGAIN_WITHIN_MS - 1, halted: true });
    expect(state.reloadKey, 'no reload of a page that loops as it loads').toBe(reloads);
    // Its address is the new site's all the same, for when the user loads it again.
    expect(frameUrl(state)).toBe(urlOn(2));
    state = previewReducer(state, { type: 'reload' });
    expect(state.stuck).toBeNull();
    expect(state.reloadKey).toBe(reloads + 1);
  });

  it('is loaded again each time when the times it got stuck are far apart', () => {
    let state = previewReducer(initialPreviewState, { type: 'server-ready', port: 3000, url: urlOn(0) });
    state = previewReducer(state, { type: 'moved', moved: at(1), at: 0 });
    state = previewReducer(state, { type: 'moved', moved: at(2), at: STUCK_AGAIN_WITHIN_MS + 1 });
    expect(state.stuck?.halted).toBe(false);
    expect(state.reloadKey).toBe(3);
  });

  it('starts afresh when a server becomes ready again or another port is shown', () => {
    let state = previewReducer(initialPreviewState, { type: 'server-ready', port: 3000, url: urlOn(0) });
    state = previewReducer(state, { type: 'server-ready', port: 4000, url: 'http://p0-w1.localhost:3620/__virtual__/4000/' });
    state = previewReducer(state, { type: 'moved', moved: at(1), at: 0 });
    state = previewReducer(state, { type: 'moved', moved: at(2), at: 1 });
    expect(state.stuck?.halted).toBe(true);
    expect(previewReducer(state, { type: 'select', port: 3000 }).stuck).toBeNull();
    expect(previewReducer(state, { type: 'server-ready', port: 4000, url: 'http://p2-w1.localhost:3620/__virtual__/4000/' }).stuck).toBeNull();
  });
});
