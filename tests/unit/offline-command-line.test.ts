import { describe, expect, it } from 'vitest';
import { evalSource, parseNodeArgs, quoteWords } from '@/lib/runtime-frame/offline/command-line';
import { resolvePath, toVfsPath, toWorkspacePath } from '@/lib/runtime-frame/offline/paths';
import { injectPreviewScript } from '@/lib/runtime-frame/offline/preview-errors';

describe('node argument wrapping', () => {
  it('answers --version and -v itself', () => {
    expect(parseNodeArgs(['--version'])).toEqual({ kind: 'version' });
    expect(parseNodeArgs(['-v'])).toEqual({ kind: 'version' });
  });

  it('turns -e / -p into code to run, keeping the remaining args', () => {
    expect(parseNodeArgs(['-e', 'console.log(1)', 'x'])).toEqual({ kind: 'eval', code: 'console.log(1)', print: false, args: ['x'] });
    expect(parseNodeArgs(['-p', '1+1'])).toMatchObject({ kind: 'eval', print: true });
    expect(parseNodeArgs(['--eval=2'])).toMatchObject({ kind: 'eval', code: '2' });
    expect(parseNodeArgs(['-e'])).toMatchObject({ kind: 'usage' });
  });

  it('runs files, skipping flags it cannot honour', () => {
    expect(parseNodeArgs(['--watch', 'server.js', '--port', '3'])).toEqual({ kind: 'file', path: 'server.js', args: ['--port', '3'], execArgv: ['--watch'] });
    expect(parseNodeArgs([])).toMatchObject({ kind: 'usage' });
  });

  it('prints the value of -p code', () => {
    const source = evalSource('1 + 2', true);
    const logged: unknown[] = [];
    new Function('console', source)({ log: (value: unknown) => logged.push(value) });
    expect(logged).toEqual([3]);
    expect(evalSource('x()', false)).toBe('x()');
  });
});

describe('command lines', () => {
  it('quotes argv so a shell reads back the same words', () => {
    expect(quoteWords(['echo', 'a b', "it's", 'plain-1.js'])).toBe(`echo 'a b' 'it'\\''s' plain-1.js`);
  });
});

describe('workspace paths', () => {
  it('live in /home/project, never climb out of it, and map back; runtime paths resolve as in a shell', () => {
    expect(toVfsPath('src/a.js')).toBe('/home/project/src/a.js');
    expect(toVfsPath('/')).toBe('/home/project');
    expect(toVfsPath('/src/../../etc/x')).toBe('/home/project/etc/x');
    expect(toWorkspacePath('/home/project/src/a.js')).toBe('/src/a.js');
    expect(toWorkspacePath('/home/project')).toBe('/');
    expect(toWorkspacePath('/home/projectile/a')).toBeNull();
    expect(toWorkspacePath('/tmp/x')).toBeNull();
    expect(resolvePath('/src', '../lib')).toBe('/lib');
    expect(resolvePath('/tmp', '~/x')).toBe('/home/project/x');
  });
});

describe('preview error script injection', () => {
  it('goes first in <head>, once', () => {
    const html = injectPreviewScript('<!doctype html><html><head><title>x</title></head><body></body></html>', 'http://ide.test');
    expect(html.indexOf('data-tabsmith-preview')).toBeLessThan(html.indexOf('<title>'));
    expect(injectPreviewScript(html, 'http://ide.test')).toBe(html);
  });

  it('works without <head> or <html>', () => {
    // The socket script goes first (a dev server's client may open its socket as soon as it runs), then the error reporter.
    expect(injectPreviewScript('<html><body>x</body></html>', 'http://ide.test')).toMatch(
      /^<html><script data-tabsmith-sockets>[\s\S]*<script data-tabsmith-preview>/,
    );
    expect(injectPreviewScript('<h1>x</h1>', 'http://ide.test')).toMatch(
      /^<script data-tabsmith-sockets>[\s\S]*<script data-tabsmith-preview>[\s\S]*<h1>x<\/h1>$/,
    );
  });
});
