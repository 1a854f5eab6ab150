/**
 * esbuild-wasm takes most of a second to download, compile and start (about 10 MB of wasm, in its own worker).
 * A Vite project needs it as soon as `vite` starts, so it is started in the background when an npm command
 * runs in a project that depends on Vite: typically the install that precedes `npm run dev`, which spends its
 * time waiting on the registry, not on this thread. Other projects never load it for this.
 */
import type { VirtualFS } from 'almostnode';
import { ensureEsbuild } from '../esbuild';
import { findProjectDir, readPackageJson } from '../npm/project';

export function usesVite(vfs: VirtualFS, cwd: string): boolean {
  try {
    const pkg = readPackageJson(vfs, findProjectDir(vfs, cwd));
    return Boolean(pkg && (pkg.dependencies?.vite || pkg.devDependencies?.vite));
  } catch {
    // A package.json npm cannot read makes npm fail with its own message; nothing to warm up.
    return false;
  }
}

export function warmUpForVite(vfs: VirtualFS, cwd: string): void {
  if (usesVite(vfs, cwd)) void ensureEsbuild().catch(() => undefined);
}
