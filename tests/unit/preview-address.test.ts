import { describe, expect, it } from 'vitest';
import { frameUrl, initialPreviewState, normalisePath, previewReducer, shownPath, type PreviewAction } from '@/lib/preview/preview-model';

const root = (port: number) => `http://rt.localhost:3001/__virtual__/${port}/`;
const open = (port: number): PreviewAction => ({ type: 'server-ready', port, url: root(port) });
const run = (...actions: PreviewAction[]) => actions.reduce(previewReducer, initialPreviewState);

describe('the preview address', () => {
  it('turns what is typed into a path from the server root', () => {
    expect(normalisePath('about')).toBe('/about');
    expect(normalisePath(' /users/7?tab=posts#top ')).toBe('/users/7?tab=posts#top');
    expect(normalisePath('http://localhost:5173/settings')).toBe('/settings');
    expect(normalisePath('http://localhost:5173')).toBe('/');
    expect(normalisePath('')).toBe('/');
  });

  it('loads the path asked for on the shown server, and starts another server at its root', () => {
    const there = run(open(5173), { type: 'navigate', path: 'about' });
    expect(frameUrl(there)).toBe('http://rt.localhost:3001/__virtual__/5173/about');
    expect(there.reloadKey).toBeGreaterThan(run(open(5173)).reloadKey);
    const other = previewReducer(previewReducer(there, open(3000)), { type: 'select', port: 3000 });
    expect(frameUrl(other)).toBe('http://rt.localhost:3001/__virtual__/3000/');
  });

  it('shows the path of the page the preview loaded, links the user followed included', () => {
    const state = run(open(5173), { type: 'clear', clear: { reason: 'load', since: 1, source: `${root(5173)}blog/post?id=2` } });
    expect(shownPath(state, '/')).toBe('/blog/post?id=2');
    const elsewhere = run(open(5173), { type: 'clear', clear: { reason: 'load', since: 1, source: 'http://other.test/x' } });
    expect(shownPath(elsewhere, '/typed')).toBe('/typed');
  });
});
