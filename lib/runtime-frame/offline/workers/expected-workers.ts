/**
 * How many node workers a project's commands will take at once, told from what it has installed, so that the
 * frame can load them while nothing runs. Rolldown's threaded WebAssembly build (what Vite 8 and Rolldown run on
 * where there is no native binary) starts a pool of four threads as soon as it loads, each a worker of its own,
 * beside the process that loaded it: `npm run dev` or `vite build` then takes five workers within a second.
 */
import type { VirtualFS } from 'almostnode';
import { joinPath } from '../paths';

const THREADED_BINDINGS = ['@rolldown/binding-wasm32-wasi'];
/** The process and Rolldown's four pool threads. */
const THREADED_PROJECT_WORKERS = 5;

const hasThreadedBinding = (vfs: VirtualFS, dir: string) =>
  THREADED_BINDINGS.some((name) => vfs.existsSync(joinPath(dir, `node_modules/${name}/package.json`)));

/** Workers a command run in `dir` (or, for the workspace's root, in a project folder right under it) will take together. */
export function expectedNodeWorkers(vfs: VirtualFS, dir: string, searchFolders = false): number {
  if (hasThreadedBinding(vfs, dir)) return THREADED_PROJECT_WORKERS;
  if (!searchFolders) return 1;
  let names: string[] = [];
  try {
    names = vfs.readdirSync(dir);
  } catch {
    return 1;
  }
  return names.some((name) => name !== 'node_modules' && !name.startsWith('.') && hasThreadedBinding(vfs, joinPath(dir, name))) ? THREADED_PROJECT_WORKERS : 1;
}
