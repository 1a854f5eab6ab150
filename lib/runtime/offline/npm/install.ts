/**
 * `npm install` for the offline runtime. almostnode's own npm command reaches the public registry from the
 * browser and prints nothing until the end; this one uses our same-origin proxy and streams progress lines.
 */
import type { PackageManager, VirtualFS } from 'almostnode';
import type { CommandIO } from '../process';
import { ensureEsbuild } from '../esbuild';
import { errorMessage } from '../../../error-message';

export interface NpmDeps {
  vfs: VirtualFS;
  PackageManager: typeof PackageManager;
  /** Absolute URL of the registry proxy, e.g. `${origin}/api/npm`. */
  registry: string;
}

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T | 'aborted'> {
  if (signal.aborted) return Promise.resolve('aborted');
  return Promise.race([
    work,
    new Promise<'aborted'>((resolve) => signal.addEventListener('abort', () => resolve('aborted'), { once: true })),
  ]);
}

export async function npmInstall(args: readonly string[], io: CommandIO, deps: NpmDeps): Promise<number> {
  const started = performance.now();
  const saveDev = args.includes('-D') || args.includes('--save-dev');
  const specs = args.filter((arg) => !arg.startsWith('-'));
  let transform = true;
  try {
    await ensureEsbuild();
  } catch (error) {
    // Without esbuild, CommonJS packages still install; ESM-only ones will not load with require().
    transform = false;
    io.write(`npm WARN ${errorMessage(error)}\n`);
  }
  const manager = new deps.PackageManager(deps.vfs, { cwd: io.cwd, registry: deps.registry });
  const options = { save: true, saveDev, transform, onProgress: (message: string) => io.write(`${message}\n`) };
  try {
    const work = (async () => {
      let added = 0;
      if (specs.length === 0) added += (await manager.installFromPackageJson(options)).added.length;
      for (const spec of specs) added += (await manager.install(spec, options)).added.length;
      return added;
    })();
    const added = await abortable(work, io.signal);
    if (added === 'aborted') return 130;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.write(`\nadded ${added} package${added === 1 ? '' : 's'} in ${seconds}s\n`);
    return 0;
  } catch (error) {
    io.write(`npm ERR! ${errorMessage(error)}\n`);
    return 1;
  }
}
