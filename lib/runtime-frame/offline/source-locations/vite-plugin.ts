/**
 * The dev-only Vite plugin the runtime adds to the user's dev server (their config file stays as it is): it marks
 * the elements of JSX modules with the source line they come from (jsx-locations.ts), so that pointing at an
 * element in the preview can name its file and line. Vite applies it to `vite` / `vite dev` only (`apply:
 * 'serve'`), so `vite build` output never carries the marks; Vitest's server is skipped too, so the user's test
 * snapshots never see them.
 */
import { posixPath } from '../node/path-posix';

const { relative } = posixPath(() => '/');

interface ResolvedConfigLike {
  root: string;
  mode?: string;
}

/** The plugin's shape as Vite reads it (typed loosely: the project's own Vite, of whatever version, runs it). */
export interface SourceLocationsPlugin {
  name: string;
  apply: 'serve';
  enforce: 'pre';
  configResolved(config: ResolvedConfigLike): void;
  transform(code: string, id: string): Promise<{ code: string; map: unknown } | null>;
}

const JSX_FILE = /\.[jt]sx$/;

export function sourceLocationsPlugin(env: Record<string, string | undefined>): SourceLocationsPlugin {
  let root = '/';
  let enabled = true;
  return {
    name: 'tabsmith:source-locations',
    apply: 'serve',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      enabled = !env.VITEST && config.mode !== 'test';
    },
    async transform(code, id) {
      if (!enabled) return null;
      const file = id.split('?')[0] ?? id;
      if (!JSX_FILE.test(file) || file.includes('/node_modules/') || file.startsWith('\0')) return null;
      // Loaded on first use: most processes the runtime starts never run a dev server.
      const { addSourceLocations } = await import('./jsx-locations');
      return addSourceLocations(code, file, relative(root, file));
    },
  };
}
