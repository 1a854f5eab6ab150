/** The part of esbuild's API the CSS wrapper touches. */
export interface EsbuildLike {
  build(options: { plugins?: unknown[] } & Record<string, unknown>): Promise<unknown>;
}

/**
 * A JS module that applies `css` to the page once (replacing itself when the file is bundled again), keyed
 * by the file's path so two files never fight over one <style> tag.
 */
export function cssModuleSource(path: string, css: string): string {
  const id = JSON.stringify(`tabsmith-css:${path}`);
  return [
    `const id = ${id};`,
    'if (typeof document !== "undefined") {',
    '  let style = document.querySelector(`style[data-tabsmith-css="${CSS.escape(id)}"]`);',
    '  if (!style) { style = document.createElement("style"); style.setAttribute("data-tabsmith-css", id); document.head.appendChild(style); }',
    `  style.textContent = ${JSON.stringify(css)};`,
    '}',
    `export default ${JSON.stringify(css)};`,
  ].join('\n');
}
