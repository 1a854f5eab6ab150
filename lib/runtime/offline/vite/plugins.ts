/**
 * What the framework plugins of a vite.config do, for the files they own: a plugin compiles its file type
 * (.vue, .svelte) to JavaScript with the compiler the project installed, for the dev server and for builds.
 */
import type { TransformContext } from './transform';

export interface FrameworkPlugin {
  name: string;
  extensions: string[];
  /** Packages its compiled output imports, bundled ahead of the first request. */
  deps: string[];
  /** The file compiled to an ES module (imports not yet rewritten). */
  transform(ctx: TransformContext, source: string, file: string): Promise<string>;
}

const factories: Record<string, () => FrameworkPlugin> = {};

/** Registers the plugin that stands in for the vite plugin package `name`. */
export function registerFrameworkPlugin(name: string, create: () => FrameworkPlugin): void {
  factories[name] = create;
}

export function pluginsFor(names: ReadonlySet<string>): FrameworkPlugin[] {
  return [...names].flatMap((name) => (factories[name] ? [factories[name]()] : []));
}
