/**
 * The `vite` command of the offline runtime: `vite` / `vite dev` / `vite serve`, `vite build` and
 * `vite preview`, with the options the templates' scripts and READMEs use (--port, --host, --open,
 * --strictPort, --mode, --base). It reads the project's vite.config and serves or builds with this
 * folder's dev server and bundler, which run in the tab (Vite's own needs native binaries).
 */
import { build } from './build';
import { resolveConfig } from './config';
import { createDebug, resetDebugClock, timed } from './debug';
import { startDevServer } from './dev-server';
import { isFile, joinPath, type ViteHost } from './host';
import './frameworks';
import { startPreviewServer } from './preview';

interface CliOptions {
  command: 'dev' | 'build' | 'preview';
  port?: number;
  mode?: string;
  base?: string;
}

export function parseViteArgs(args: readonly string[]): CliOptions {
  const options: CliOptions = { command: 'dev' };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? args[++i];
    if (arg === 'build' || arg === 'preview') options.command = arg;
    else if (arg === 'dev' || arg === 'serve') options.command = 'dev';
    else if (flag === '--port') options.port = Number(value());
    else if (flag === '--mode' || flag === '-m') options.mode = value();
    else if (flag === '--base') options.base = value();
  }
  return options;
}

/**
 * What the server calls itself: this runtime's own server, not Vite, so the banner says so and names the
 * installed Vite version whose behaviour it stands in for ("Tabsmith dev server (Vite 8.3.8 compatible)").
 */
export function bannerName(kind: 'dev server' | 'preview server' | 'bundler', version: string): string {
  return `Tabsmith ${kind}${version ? ` (Vite ${version} compatible)` : ' (Vite compatible)'}`;
}

function viteVersion(host: ViteHost): string {
  const file = joinPath(host.root, 'node_modules/vite/package.json');
  try {
    return isFile(host.fs, file) ? (JSON.parse(host.fs.readFileSync(file, 'utf8')) as { version: string }).version : '';
  } catch {
    return '';
  }
}

const cyan = (text: string) => `\x1b[36m${text}\x1b[0m`;
const green = (text: string) => `\x1b[32m${text}\x1b[0m`;
const dim = (text: string) => `\x1b[2m${text}\x1b[0m`;

function listen(host: ViteHost, server: { listen(port: number, callback?: () => void): unknown }, port: number, started: number, kind: 'dev server' | 'preview server'): Promise<void> {
  return new Promise((resolve) => {
    server.listen(port, () => {
      host.write(`\n  ${green(bannerName(kind, viteVersion(host)))}  ${dim('ready in')} ${Math.round(performance.now() - started)} ms\n\n`);
      host.write(`  ${green('➜')}  Local:   ${cyan(`http://localhost:${port}/`)}\n`);
      resolve();
    });
  });
}

export async function runViteCli(host: ViteHost, args: readonly string[]): Promise<void> {
  const started = performance.now();
  resetDebugClock();
  const options = parseViteArgs(args);
  const mode = options.mode ?? (options.command === 'build' ? 'production' : 'development');
  const config = await timed(createDebug(host, 'vite:config'), 'config resolved', () => resolveConfig(host, mode, options.command === 'dev' ? options.port : undefined));
  if (options.base) config.base = options.base;
  if (options.command === 'build') {
    host.write(`${cyan(bannerName('bundler', viteVersion(host)))} ${green('building for production...')}\n`);
    const output = await build(host, config);
    for (const file of output.files) {
      const relative = file.path.slice(host.root === '/' ? 1 : host.root.length + 1);
      host.write(`${dim(relative.slice(0, relative.lastIndexOf('/') + 1))}${cyan(relative.slice(relative.lastIndexOf('/') + 1))}  ${dim(`${(file.bytes / 1000).toFixed(2)} kB`)}\n`);
    }
    host.write(`${green(`✓ built in ${Math.round(performance.now() - started)}ms`)}\n`);
    return;
  }
  if (options.command === 'preview') {
    if (!isFile(host.fs, joinPath(config.outDir, 'index.html'))) throw new Error(`The directory "${config.outDir.slice(1)}" does not exist. Did you build your project?`);
    await listen(host, startPreviewServer(host, config), options.port ?? config.previewPort, started, 'preview server');
    return;
  }
  const dev = startDevServer(host, config);
  dev.server.on?.('close', () => dev.close());
  await listen(host, dev.server, config.port, started, 'dev server');
}
