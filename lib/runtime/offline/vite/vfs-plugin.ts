/**
 * esbuild in the browser has no file system: this plugin resolves every import with resolveBrowser and
 * loads files from the project's fs, with the loader their extension calls for.
 */
import type { Loader, Plugin } from 'esbuild-wasm';
import { dirnameOf, extOf, type ViteFs } from './host';
import { resolveBrowser } from './resolve-browser';

const LOADERS: Record<string, Loader> = {
  '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'jsx', '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx',
  '.json': 'json', '.css': 'css', '.txt': 'text',
};

export function loaderFor(path: string, assetLoader: Loader = 'file'): Loader {
  return LOADERS[extOf(path)] ?? assetLoader;
}

export interface VfsPluginOptions {
  fs: ViteFs;
  /** Imports that stay imports (not bundled), e.g. a dev server's URLs. */
  external?: (specifier: string) => boolean;
  alias?: (specifier: string) => string;
  assetLoader?: Loader;
}

export function vfsPlugin({ fs, external, alias, assetLoader = 'file' }: VfsPluginOptions): Plugin {
  return {
    name: 'tabsmith-vfs',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        const specifier = alias ? alias(args.path) : args.path;
        if (external?.(specifier) || /^(https?:|data:)/.test(specifier)) return { path: specifier, external: true };
        const [bare] = specifier.split('?');
        const found = resolveBrowser(fs, bare ?? specifier, args.resolveDir || '/');
        if (!found) return { errors: [{ text: `Could not resolve "${specifier}"` }] };
        return { path: found, namespace: 'file' };
      });
      build.onLoad({ filter: /.*/, namespace: 'file' }, (args) => {
        const loader = loaderFor(args.path, assetLoader);
        const binary = loader === 'file' || loader === 'dataurl' || loader === 'binary';
        const contents = binary ? fs.readFileSync(args.path) : fs.readFileSync(args.path, 'utf8');
        return { contents, loader, resolveDir: dirnameOf(args.path) };
      });
    },
  };
}
