/**
 * `vite build`: each module script of index.html bundled by esbuild for production (minified, CSS and
 * assets emitted with hashed names under `assets/`), `public/` copied, and index.html rewritten to load the
 * results, all written to `build.outDir` (dist/).
 */
import type { Plugin } from 'esbuild-wasm';
import type { ResolvedConfig } from './config';
import { VUE_FLAGS, type DepOptimizer } from './deps';
import { dirnameOf, isFile, joinPath, type ViteHost } from './host';
import { injectHead, moduleScripts, replaceEnv } from './html';
import { ModuleGraph } from './module-graph';
import { envObject, type TransformContext } from './transform';
import { vfsPlugin } from './vfs-plugin';

function frameworkPlugin(ctx: TransformContext): Plugin {
  return {
    name: 'tabsmith-frameworks',
    setup(build) {
      for (const plugin of ctx.config.plugins) {
        const filter = new RegExp(`(${plugin.extensions.map((ext) => ext.replace('.', '\\.')).join('|')})$`);
        build.onLoad({ filter, namespace: 'file' }, async (args) => ({
          contents: await plugin.transform(ctx, ctx.host.fs.readFileSync(args.path, 'utf8'), args.path),
          loader: 'js',
          resolveDir: dirnameOf(args.path),
        }));
      }
    },
  };
}

function copyDir(host: ViteHost, from: string, to: string): void {
  for (const name of host.fs.readdirSync(from)) {
    const source = joinPath(from, name);
    const target = joinPath(to, name);
    if (isFile(host.fs, source)) {
      host.fs.mkdirSync(to, { recursive: true });
      host.fs.writeFileSync(target, host.fs.readFileSync(source));
    } else {
      copyDir(host, source, target);
    }
  }
}

export interface BuildOutput {
  files: { path: string; bytes: number }[];
}

export async function build(host: ViteHost, config: ResolvedConfig): Promise<BuildOutput> {
  const indexFile = joinPath(host.root, 'index.html');
  if (!isFile(host.fs, indexFile)) throw new Error(`Could not resolve entry module "index.html".`);
  const html = replaceEnv(host.fs.readFileSync(indexFile, 'utf8'), config, 'production');
  const scripts = moduleScripts(html);
  const esbuild = await host.esbuild();
  const ctx: TransformContext = { dev: false, host, config, deps: null as unknown as DepOptimizer, graph: new ModuleGraph(), missingDeps: new Set() };
  const assetsDir = joinPath(config.outDir, 'assets');
  const result = await esbuild.build({
    entryPoints: scripts.map((src) => joinPath(host.root, src.split('?')[0] ?? src)),
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: assetsDir,
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    publicPath: `${config.base}assets/`,
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    jsxImportSource: config.jsxImportSource,
    logLevel: 'silent',
    define: { 'import.meta.env': JSON.stringify(envObject(config, 'production')), 'process.env.NODE_ENV': '"production"', ...VUE_FLAGS, ...config.define },
    plugins: [frameworkPlugin(ctx), vfsPlugin({ fs: host.fs, alias: config.alias, external: (specifier) => specifier.startsWith('/') && !host.fs.existsSync(specifier) })],
  });
  const files: BuildOutput['files'] = [];
  host.fs.mkdirSync(assetsDir, { recursive: true });
  if (config.publicDir && host.fs.existsSync(config.publicDir)) copyDir(host, config.publicDir, config.outDir);
  const outputs = result.outputFiles ?? [];
  for (const output of outputs) {
    host.fs.mkdirSync(dirnameOf(output.path), { recursive: true });
    host.fs.writeFileSync(output.path, output.contents);
    files.push({ path: output.path, bytes: output.contents.byteLength });
  }
  const url = (path: string) => `${config.base}assets/${path.slice(assetsDir.length + 1)}`;
  let page = html;
  for (const src of scripts) {
    const name = (src.split('/').pop() ?? src).replace(/\.[^.]+$/, '');
    const js = outputs.find((output) => output.path.endsWith('.js') && output.path.slice(assetsDir.length + 1).startsWith(`${name}-`));
    const tag = new RegExp(`<script\\b[^>]*\\bsrc=["']${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'][^>]*>\\s*</script>`, 'i');
    page = page.replace(tag, js ? `<script type="module" crossorigin src="${url(js.path)}"></script>` : '');
  }
  const styles = outputs.filter((output) => output.path.endsWith('.css')).map((output) => `<link rel="stylesheet" crossorigin href="${url(output.path)}">`);
  page = styles.length ? page.replace(/<\/head>/i, `${styles.join('')}</head>`) : page;
  if (!/<\/head>/i.test(html)) page = injectHead(page, styles.join(''));
  const htmlOut = joinPath(config.outDir, 'index.html');
  host.fs.writeFileSync(htmlOut, page);
  files.unshift({ path: htmlOut, bytes: page.length });
  return { files };
}
