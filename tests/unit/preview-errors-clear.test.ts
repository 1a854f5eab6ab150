import { describe, expect, it } from 'vitest';
import { initialPreviewState, previewReducer, serverOf, type PreviewAction } from '@/lib/preview/preview-model';
import type { PreviewError } from '@/lib/runtime/port';

const page = (port: number) => `http://127.0.0.1:3001/__virtual__/${port}/`;
const error = (message: string, at: number, extra: Partial<PreviewError> = {}): PreviewAction => ({
  type: 'error',
  error: { message, at, source: page(5173), ...extra },
});
const run = (...actions: PreviewAction[]) => actions.reduce(previewReducer, initialPreviewState);
const messages = (actions: PreviewAction[]) => run(...actions).errors.map((e) => e.message);

describe('preview errors that pages say are past', () => {
  it('a fix applied by HMR clears the compile error the overlay showed, and keeps a runtime error', () => {
    const actions: PreviewAction[] = [error('TypeError: x is undefined', 100), error('Unexpected token (src/App.jsx:3)', 200, { overlay: true })];
    expect(messages(actions)).toHaveLength(2);
    expect(messages([...actions, { type: 'clear', clear: { reason: 'overlay', since: 300, source: page(5173) } }])).toEqual(['TypeError: x is undefined']);
  });

  it('a page that loads again clears what was reported before its navigation started, not after', () => {
    const actions: PreviewAction[] = [
      error('old runtime error', 100),
      error('GET /src/main.jsx answered 500', 260, { source: '/__virtual__/5173/src/main.jsx' }),
      { type: 'clear', clear: { reason: 'load', since: 250, source: page(5173) } },
    ];
    expect(messages(actions)).toEqual(['GET /src/main.jsx answered 500']);
  });

  it("leaves another server's errors alone", () => {
    const actions: PreviewAction[] = [
      error('api server failed', 100, { source: '/__virtual__/3000/api' }),
      error('page error', 100),
      { type: 'clear', clear: { reason: 'load', since: 500, source: page(5173) } },
    ];
    expect(messages(actions)).toEqual(['api server failed']);
  });

  it('tells servers apart by runtime port or by origin', () => {
    expect(serverOf(page(5173))).toBe('port 5173');
    expect(serverOf('/__virtual__/5173/src/App.tsx')).toBe('port 5173');
    expect(serverOf('https://abc--5173.local-credentialless.webcontainer.io/x')).toBe('https://abc--5173.local-credentialless.webcontainer.io');
    expect(serverOf('localhost:5173/')).toBeNull();
    expect(serverOf(undefined)).toBeNull();
  });
});
