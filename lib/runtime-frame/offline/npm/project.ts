/** The project an npm command works on: the nearest folder with a package.json, and that file. */
import type { VirtualFS } from 'almostnode';
import { dirname, joinPath } from '../paths';
import { NpmError } from './errors';
import { parseOverrides } from './overrides';
import { writeJson } from './lockfile';
import { packageJsonSchema, type PackageJson } from './schemas';
import { createRoot, type TreeNode } from './tree';

/** Like npm's prefix: the closest folder from `cwd` up that has a package.json, else `cwd` itself. */
export function findProjectDir(vfs: VirtualFS, cwd: string): string {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (vfs.existsSync(joinPath(dir, 'package.json'))) return dir;
    if (dir === '/') return cwd;
  }
}

/** package.json of `dir`; null when there is none, an error naming the file when it cannot be read. */
export function readPackageJson(vfs: VirtualFS, dir: string): PackageJson | null {
  const path = joinPath(dir, 'package.json');
  if (!vfs.existsSync(path)) return null;
  let json: unknown;
  try {
    json = JSON.parse(vfs.readFileSync(path, 'utf8'));
  } catch (error) {
    throw new NpmError('EJSONPARSE', `Failed to parse ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = packageJsonSchema.safeParse(json);
  if (!parsed.success) throw new NpmError('EJSONPARSE', `${path} is not a valid package.json: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

export function writePackageJson(vfs: VirtualFS, dir: string, pkg: PackageJson): void {
  writeJson(vfs, joinPath(dir, 'package.json'), pkg);
}

/** The tree's root node for a package.json. */
export function rootNode(pkg: PackageJson, dir: string): TreeNode {
  const name = pkg.name ?? (dir === '/' ? 'project' : dir.slice(dir.lastIndexOf('/') + 1));
  const root = createRoot(name, pkg.version ?? '', {
    dependencies: pkg.dependencies,
    devDependencies: pkg.devDependencies,
    optionalDependencies: pkg.optionalDependencies,
    peerDependencies: pkg.peerDependencies,
    peerDependenciesMeta: pkg.peerDependenciesMeta,
  });
  root.overrides = parseOverrides(pkg) ?? undefined;
  return root;
}

export const DEP_KINDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;
export type DepKind = (typeof DEP_KINDS)[number];
