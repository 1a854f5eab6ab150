import { describe, expect, it } from 'vitest';
import {
  MAX_PREVIEW_ERRORS,
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
    state = previewReducer(state, { type: 'moved', moved: [{ port: 3000, url: 'http://p1-w1.localhost:3620/__virtual__/3000/' }] });
    expect(frameUrl(state)).toBe('http://p1-w1.localhost:3620/__virtual__/3000/about');
    expect(state.reloadKey).toBeGreaterThan(before);
  });
});
