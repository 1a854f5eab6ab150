/**
 * CSS imported from a module: served as a module that puts the CSS in a style tag and accepts its own updates,
 * so an edit applies without a reload. `url()`s are made absolute (a style tag resolves them against the page,
 * not the CSS file) and CSS modules (`*.module.css`) get their scoped class names from esbuild's local-css.
 */
import { dirnameOf, joinPath, urlPathOf } from './host';
import type { TransformContext } from './transform';
import { vfsPlugin } from './vfs-plugin';

export function isCssPath(path: string): boolean {
  return /\.css$/i.test(path);
}

/** Rewrites relative `url(...)` references of the CSS file at `file` to URLs under `urlBase`. */
export function rewriteCssUrls(css: string, file: string, root: string, urlBase: string): string {
  return css.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (match, quote: string, url: string) => {
    if (/^(data:|https?:|#|\/)/.test(url)) return url.startsWith('/') && !url.startsWith('//') ? `url(${quote}${urlBase}${url.slice(1)}${quote})` : match;
    const target = urlPathOf(root, joinPath(dirnameOf(file), url));
    return `url(${quote}${urlBase}${target.slice(1)}${quote})`;
  });
}

async function cssModuleParts(ctx: TransformContext, file: string): Promise<{ css: string; js: string }> {
  const esbuild = await ctx.host.esbuild();
  const result = await esbuild.build({
    stdin: { contents: `export { default } from ${JSON.stringify(file)};`, resolveDir: dirnameOf(file), loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    outdir: '/out',
    logLevel: 'silent',
    loader: { '.css': 'local-css' },
    external: ['*.png', '*.jpg', '*.jpeg', '*.gif', '*.svg', '*.webp', '*.woff', '*.woff2'],
    plugins: [vfsPlugin({ fs: ctx.host.fs, external: (specifier) => !/\.css$/.test(specifier) && !specifier.startsWith('/') && !specifier.startsWith('.') })],
  });
  const outputs = result.outputFiles ?? [];
  return {
    css: outputs.find((output) => output.path.endsWith('.css'))?.text ?? '',
    js: outputs.find((output) => output.path.endsWith('.js'))?.text ?? 'export default {};',
  };
}

export async function cssModule(ctx: TransformContext, file: string, urlPath: string): Promise<string> {
  const { host, config } = ctx;
  const id = JSON.stringify(urlPath);
  let css: string;
  let exports = 'export default __css;\n';
  if (/\.module\.css$/i.test(file)) {
    const parts = await cssModuleParts(ctx, file);
    css = parts.css;
    exports = parts.js;
  } else {
    css = host.fs.readFileSync(file, 'utf8');
  }
  css = rewriteCssUrls(css, file, host.root, config.urlBase);
  return `import { updateStyle as __vite__updateStyle, removeStyle as __vite__removeStyle } from "${config.urlBase}@vite/client";
const __css = ${JSON.stringify(css)};
__vite__updateStyle(${id}, __css);
import.meta.hot.accept();
import.meta.hot.prune(() => __vite__removeStyle(${id}));
${exports}`;
}
