// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CAPTURE_SCRIPT, EARLY_LOGS_KEY, installLogCapture, LOG_CAP } from '@/lib/preview-page/console-capture';
import { onlyErrors, previewLogsHandler } from '@/worker/tools/preview-check';
import type { ToolContext } from '@/worker/tools/context';

/** A fresh window per test: the capture patches console and fetch of the window it is given. */
function freshWindow() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const win = frame.contentWindow as Window & typeof globalThis;
  win.console.log = () => undefined;
  win.console.error = () => undefined;
  win.console.warn = () => undefined;
  return win;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('preview console capture', () => {
  it('records console messages, uncaught errors, rejections and failed requests', async () => {
    const win = freshWindow();
    win.fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('missing') ? new Response('{}', { status: 404 }) : new Response('ok'),
    ) as typeof fetch;
    const capture = installLogCapture(win);
    win.console.log('app started', { port: 3000 });
    win.console.error(new Error('boom: the widget failed'));
    win.dispatchEvent(new win.ErrorEvent('error', { message: 'x is not defined', filename: 'app.js', lineno: 3, colno: 7 }));
    const rejection = new win.Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = 'no data';
    win.dispatchEvent(rejection);
    await win.fetch('/missing.json');
    await win.fetch('/ok.json');
    const { entries, dropped } = capture.read();
    expect(dropped).toBe(0);
    expect(entries.map((e) => [e.kind, e.level])).toEqual([
      ['console', 'log'],
      ['console', 'error'],
      ['error', 'error'],
      ['rejection', 'error'],
      ['request', 'error'],
    ]);
    expect(entries[0]?.message).toBe('app started {"port":3000}');
    expect(entries[1]?.message).toContain('boom: the widget failed');
    expect(entries[2]?.message).toBe('x is not defined (app.js:3:7)');
    expect(entries[4]).toMatchObject({ message: 'GET /missing.json → 404', status: 404 });
  });

  it('keeps the first and the latest entries past the cap and counts the rest', () => {
    const win = freshWindow();
    const capture = installLogCapture(win);
    for (let i = 0; i < LOG_CAP + 50; i++) win.console.log(`line ${i}`);
    const { entries, dropped } = capture.read();
    expect(entries).toHaveLength(LOG_CAP);
    expect(dropped).toBe(50);
    expect(entries[0]?.message).toBe('line 0');
    expect(entries.at(-1)?.message).toBe(`line ${LOG_CAP + 49}`);
  });

  it('picks up what the loader buffered before the bridge arrived', () => {
    const win = freshWindow();
    win.eval(EARLY_CAPTURE_SCRIPT);
    win.console.error('logged before the bridge');
    const capture = installLogCapture(win);
    win.console.error('logged after');
    expect(capture.read().entries.map((e) => e.message)).toEqual(['logged before the bridge', 'logged after']);
    expect((win as unknown as Record<string, unknown>)[EARLY_LOGS_KEY]).toBeUndefined();
  });
});

describe('preview_logs handler', () => {
  const ctx = { signal: new AbortController().signal } as ToolContext;
  const logs = {
    entries: [
      { kind: 'console' as const, level: 'log' as const, message: 'hi', at: 1 },
      { kind: 'console' as const, level: 'error' as const, message: 'boom', at: 2 },
      { kind: 'request' as const, level: 'error' as const, message: 'GET /x → 500', at: 3, status: 500 },
    ],
    dropped: 0,
  };

  it('returns the page entries, or only the problems', async () => {
    const handler = previewLogsHandler(async () => logs);
    expect(await handler({}, ctx)).toEqual({ ok: true, ...logs });
    expect((await handler({ errorsOnly: true }, ctx)).entries.map((e) => e.message)).toEqual(['boom', 'GET /x → 500']);
    expect(onlyErrors(logs).entries).toHaveLength(2);
  });

  it('says it is unavailable without a preview', async () => {
    await expect(previewLogsHandler(undefined)({}, ctx)).rejects.toMatchObject({ errorName: 'Unavailable' });
  });
});
