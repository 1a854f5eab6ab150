// Lets the Node-only bench cases import the app's TypeScript modules as they are (Node's type stripping),
// resolving what the bundler would: extensionless relative imports and the `@/` root alias.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
let registered = false;

export function registerTsResolution() {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, next) {
      const local = specifier.startsWith('@/')
        ? join(root, specifier.slice(2))
        : specifier.startsWith('.') && context.parentURL
          ? join(dirname(fileURLToPath(context.parentURL)), specifier)
          : null;
      if (local && !/\.[cm]?[jt]sx?$/.test(local)) {
        for (const candidate of [`${local}.ts`, `${local}.tsx`, join(local, 'index.ts')]) {
          if (existsSync(candidate)) return next(pathToFileURL(candidate).href, context);
        }
      }
      return next(specifier, context);
    },
  });
}

export const importTs = async (path) => {
  registerTsResolution();
  return import(pathToFileURL(join(root, path)).href);
};
