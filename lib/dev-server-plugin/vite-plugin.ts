/**
 * The dev-only Vite plugin either runtime adds to the user's dev server (their config file stays as it is): it marks
 * the host elements of JSX modules, Vue templates and Svelte markup with the source line they come from
 * (jsx-locations.ts, template-locations.ts), so that pointing at an element in the preview can name its file and
 * line. It runs before the framework's own plugin, on the source as written. Vite applies it to `vite` / `vite dev` only (`apply:
 * 'serve'`), so `vite build` output never carries the marks; Vitest's server is skipped too, so the user's test
 * snapshots never see them.
 */
/** The file as the project names it (`src/App.jsx`); a file outside the project keeps its absolute path. */
function projectPath(root: string, id: string): string {
  const base = root.endsWith('/') ? root : `${root}/`;
  return id.startsWith(base) ? id.slice(base.length) : id;
}

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

/** `require` from the project: its own Vue or Svelte compiler. */
export type ProjectRequire = (specifier: string) => unknown;

export function sourceLocationsPlugin(env: Record<string, string | undefined>, projectRequire?: ProjectRequire): SourceLocationsPlugin {
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
      // The module as written only: `App.vue?vue&type=style` and the like are parts the framework's plugin made.
      if (id.includes('?') || id.includes('/node_modules/') || id.startsWith('\0')) return null;
      const where = projectPath(root, id);
      if (JSX_FILE.test(id)) {
        // Loaded on first use: most processes the runtime starts never run a dev server.
        const { addSourceLocations } = await import('./jsx-locations');
        return addSourceLocations(code, id, where);
      }
      if (!projectRequire || !(id.endsWith('.vue') || id.endsWith('.svelte'))) return null;
      const templates = await import('./template-locations');
      try {
        if (id.endsWith('.vue'))
          return templates.addVueLocations(code, id, where, projectRequire('@vue/compiler-sfc') as Parameters<typeof templates.addVueLocations>[3]);
        return templates.addSvelteLocations(code, id, where, projectRequire('svelte/compiler') as Parameters<typeof templates.addSvelteLocations>[3]);
      } catch {
        // No compiler of its own to read the template with: the elements stay unmarked.
        return null;
      }
    },
  };
}
