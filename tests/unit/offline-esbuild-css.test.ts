// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cssModuleSource } from '@/lib/runtime/offline/esbuild-css';

/** Runs the generated module the way a bundle would, without its `export` line. */
function runModule(source: string): void {
  new Function(source.replace(/^export default .*$/m, ''))();
}

describe('CSS imports in the offline bundler', () => {
  it('applies the stylesheet to the page', () => {
    runModule(cssModuleSource('/src/App.css', 'h1 { color: rgb(1, 2, 3); }'));
    const styles = document.querySelectorAll('style[data-tabsmith-css]');
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toBe('h1 { color: rgb(1, 2, 3); }');
  });

  it('replaces the same file on rebuild and keeps files apart', () => {
    runModule(cssModuleSource('/src/a.css', 'a { color: red; }'));
    runModule(cssModuleSource('/src/a.css', 'a { color: blue; }'));
    runModule(cssModuleSource('/src/b.css', 'b { color: green; }'));
    const texts = [...document.querySelectorAll('style[data-tabsmith-css]')].map((s) => s.textContent);
    expect(texts).toContain('a { color: blue; }');
    expect(texts).not.toContain('a { color: red; }');
    expect(texts).toContain('b { color: green; }');
  });

  it('keeps quotes and backslashes in the CSS intact', () => {
    const css = `p::before { content: "\\"</style>\\\\"; }`;
    runModule(cssModuleSource('/src/q.css', css));
    const style = [...document.querySelectorAll('style[data-tabsmith-css]')].at(-1);
    expect(style?.textContent).toBe(css);
  });
});
