/**
 * `file:` dependencies: a folder or a package tarball inside the workspace. npm links a folder by default;
 * this runtime copies it into node_modules (what npm does with `install-links`), since a copy is what its
 * module loader and file watcher see reliably. A tarball is unpacked as one from the registry would be.
 * Remote tarball URLs and git specs cannot be fetched here: the browser reaches packages only through the
 * app's registry proxy, which serves registry packages and nothing else.
 */
import type { VirtualFS } from 'almostnode';
import { joinPath, relativePath, resolvePath } from '../paths';
import { NpmError } from './errors';
import { unpackTarball } from './extract';
import { packageJsonSchema } from './schemas';
import type { NodeManifest, TreeNode } from './tree';
import { isDirectory } from './vfs';

interface LocalSource {
  kind: 'directory' | 'file';
  /** Absolute workspace path of the folder or tarball. */
  path: string;
  /** What npm writes into package.json and the lock: `file:` and the path from the project folder. */
  saveSpec: string;
}

/** Folders skipped when a folder dependency is copied: its own installs and its version control. */
const SKIPPED = new Set(['node_modules', '.git']);

function isTarballPath(path: string): boolean {
  return /\.(tgz|tar\.gz|tar)$/i.test(path);
}

/** npm's reading of a path spec: `.`/`..`-relative, absolute, `~/`, or a bare tarball file name. */
const PATH_SPEC = /^(?:\.{1,2}(?:\/|$)|~\/|\/)/;
const REMOTE_SPEC = /^(?:(?:@[^/@]+\/)?[^/@:]+@)?https?:\/\//i;

/** The path part of a local spec (`file:x`, `./x`, `name@file:x`, `x.tgz`), or null for any other spec. */
function pathOfSpec(raw: string): string | null {
  if (raw.startsWith('file:')) return raw.slice('file:'.length);
  if (PATH_SPEC.test(raw)) return raw;
  if (isTarballPath(raw) && !raw.includes(':') && !raw.includes('@')) return raw;
  // `name@file:…` and `name@./…`: the name comes from the package's own package.json anyway.
  const at = raw.indexOf('@', 1);
  const rest = at === -1 ? '' : raw.slice(at + 1);
  if (rest.startsWith('file:')) return rest.slice('file:'.length);
  return rest && PATH_SPEC.test(rest) ? rest : null;
}

/**
 * The local package a spec names (`file:../lib`, `../lib`, `./pkg-1.0.0.tgz`), resolved against `baseDir`
 * and written relative to the project folder `rootDir`; null when the spec is not a local one. Remote
 * tarballs are refused with the reason. (Read by hand rather than by npm-package-arg, whose file: handling
 * needs Node's path, os and url modules.)
 */
export function localSource(raw: string, baseDir: string, rootDir = baseDir): LocalSource | null {
  if (REMOTE_SPEC.test(raw)) {
    throw new NpmError(
      'EUNSUPPORTEDPROTOCOL',
      `Cannot install ${raw}: tarballs from URLs cannot be fetched in this runtime (the browser reaches packages only through the app's registry proxy, which serves registry packages only). Download the tarball into the workspace and install it with a file: path instead.`,
    );
  }
  const written = pathOfSpec(raw);
  if (written === null) return null;
  const path = resolvePath(baseDir, written.replace(/^\/\/(?=\/)/, ''));
  const kind = isTarballPath(path) ? 'file' : 'directory';
  return { kind, path, saveSpec: `file:${relativePath(rootDir, path)}` };
}

/** Files of a local package, as they go into its node_modules folder (path inside the package → bytes). */
export async function localPackageFiles(vfs: VirtualFS, source: LocalSource): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  if (source.kind === 'file') {
    if (!vfs.existsSync(source.path)) throw new NpmError('ENOENT', `Could not install from "${source.path}": no such file`);
    const data = vfs.readFileSync(source.path) as Uint8Array;
    for (const entry of await unpackTarball(new Uint8Array(data), undefined, source.saveSpec)) files.set(entry.path, entry.data);
    return files;
  }
  if (!vfs.existsSync(joinPath(source.path, 'package.json'))) {
    throw new NpmError('ENOENT', `Could not install from "${source.path}" as it does not contain a package.json file.`);
  }
  const walk = (dir: string, prefix: string) => {
    for (const name of vfs.readdirSync(dir)) {
      const path = joinPath(dir, name);
      if (isDirectory(vfs, path)) {
        if (!SKIPPED.has(name)) walk(path, `${prefix}${name}/`);
      } else {
        files.set(`${prefix}${name}`, new Uint8Array(vfs.readFileSync(path) as Uint8Array));
      }
    }
  };
  walk(source.path, '');
  return files;
}

/** A tree node for a local package, from its package.json; `resolved` keeps the file: spec. */
export async function localNode(vfs: VirtualFS, source: LocalSource, installName?: string): Promise<TreeNode> {
  const files = await localPackageFiles(vfs, source);
  const text = files.get('package.json');
  const parsed = text ? packageJsonSchema.safeParse(JSON.parse(new TextDecoder().decode(text))) : null;
  if (!parsed?.success || !parsed.data.name) {
    throw new NpmError('EINVALIDPACKAGENAME', `Could not install from "${source.path}": its package.json has no name`);
  }
  const pkg = parsed.data;
  const name = parsed.data.name;
  const manifest: NodeManifest = {
    dependencies: pkg.dependencies,
    optionalDependencies: pkg.optionalDependencies,
    peerDependencies: pkg.peerDependencies,
    peerDependenciesMeta: pkg.peerDependenciesMeta,
    bin: pkg.bin,
    engines: pkg.engines,
    license: pkg.license,
  };
  return {
    name: installName ?? name,
    packageName: name,
    version: pkg.version ?? '0.0.0',
    parent: null,
    children: new Map(),
    manifest,
    resolved: source.saveSpec,
  };
}

/** The local source a node was installed from (its `resolved` is a file: spec), or null. */
export function sourceOfNode(node: TreeNode, rootDir: string): LocalSource | null {
  if (!node.resolved?.startsWith('file:')) return null;
  const path = resolvePath(rootDir, node.resolved.slice('file:'.length));
  return { kind: isTarballPath(path) ? 'file' : 'directory', path, saveSpec: node.resolved };
}
