/**
 * package-lock.json (lockfileVersion 3, npm 7+'s `packages` map keyed by folder): read into a tree, so the
 * locked versions are what an install keeps, and written back from the ideal tree with npm's flags
 * (`dev`, `optional`, `devOptional`, `peer`).
 */
import type { VirtualFS } from 'almostnode';
import { joinPath } from '../paths';
import { normalizeBin } from './bins';
import { NpmError } from './errors';
import { versionSatisfies } from './pick';
import { lockFileSchema, type LockEntry, type LockFile, type PackageJson } from './schemas';
import { parseDepSpec } from './spec';
import { allNodes, bundledNames, edgesOf, findVisible, locationOf, placeChild, type Edge, type NodeManifest, type TreeNode } from './tree';

const LOCK_FILE = 'package-lock.json';
/** npm's record of what is in node_modules, kept inside it. */
export const HIDDEN_LOCK_FILE = 'node_modules/.package-lock.json';

/** The lock in `dir`, null when there is none; an unreadable lock is an error naming the file. */
export function readLockFile(vfs: VirtualFS, path: string): LockFile | null {
  if (!vfs.existsSync(path)) return null;
  let json: unknown;
  try {
    json = JSON.parse(vfs.readFileSync(path, 'utf8'));
  } catch (error) {
    throw new NpmError('EJSONPARSE', `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = lockFileSchema.safeParse(json);
  if (!parsed.success) throw new NpmError('ELOCKVERIFY', `${path} is not a package lock: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

/** `node_modules/a/node_modules/@s/b` → ["a", "@s/b"]; null for folders outside node_modules (workspaces). */
function namesOfLocation(location: string): string[] | null {
  if (!location.startsWith('node_modules/')) return null;
  const names = location.slice('node_modules/'.length).split('/node_modules/');
  return names.every((name) => /^(@[^/]+\/)?[^/@][^/]*$/.test(name)) ? names : null;
}

function manifestOfEntry(entry: LockEntry): NodeManifest {
  return {
    dependencies: entry.dependencies,
    optionalDependencies: entry.optionalDependencies,
    peerDependencies: entry.peerDependencies,
    peerDependenciesMeta: entry.peerDependenciesMeta,
    bin: entry.bin,
    os: entry.os,
    cpu: entry.cpu,
    libc: entry.libc,
    engines: entry.engines,
    license: entry.license,
    hasInstallScript: entry.hasInstallScript,
    bundleDependencies: bundledNames(entry),
  };
}

/** Adds the lock's packages under `root` (shallow folders first, so every parent exists). */
export function loadLockIntoTree(root: TreeNode, lock: LockFile): void {
  const entries = Object.entries(lock.packages ?? {})
    .map(([location, entry]) => ({ names: namesOfLocation(location), entry }))
    .filter((item): item is { names: string[]; entry: LockEntry } => item.names !== null && !item.entry.link && !!item.entry.version)
    .sort((a, b) => a.names.length - b.names.length);
  for (const { names, entry } of entries) {
    let parent: TreeNode | undefined = root;
    for (const name of names.slice(0, -1)) parent = parent?.children.get(name);
    if (!parent) continue;
    const name = names[names.length - 1] as string;
    placeChild(parent, {
      name,
      packageName: entry.name ?? name,
      version: entry.version as string,
      parent: null,
      children: new Map(),
      manifest: manifestOfEntry(entry),
      resolved: entry.resolved,
      integrity: entry.integrity,
    });
  }
}

function reachable(root: TreeNode, follow: (edge: Edge) => boolean): Set<TreeNode> {
  const seen = new Set<TreeNode>([root]);
  const queue = [root];
  while (queue.length) {
    const node = queue.shift() as TreeNode;
    for (const edge of edgesOf(node)) {
      if (!follow(edge)) continue;
      const target = findVisible(node, edge.name);
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}

/** Sets npm's lock flags on every node from how it is reached from the root. */
export function computeFlags(root: TreeNode): void {
  const prod = reachable(root, (edge) => edge.type !== 'dev');
  const required = reachable(root, (edge) => edge.type !== 'optional' && edge.type !== 'peerOptional');
  const prodRequired = reachable(root, (edge) => edge.type !== 'dev' && edge.type !== 'optional' && edge.type !== 'peerOptional');
  const nonPeer = reachable(root, (edge) => edge.type !== 'peer' && edge.type !== 'peerOptional');
  for (const node of allNodes(root)) {
    if (!node.parent) continue;
    node.dev = !prod.has(node);
    node.optional = !required.has(node);
    node.peer = !nonPeer.has(node);
    node.devOptional = !prodRequired.has(node) && !node.dev && !node.optional;
  }
}

function compact<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || item === false) continue;
    if (typeof item === 'object' && item !== null && !Array.isArray(item) && Object.keys(item).length === 0) continue;
    out[key] = item;
  }
  return out as T;
}

function entryOfNode(node: TreeNode): LockEntry {
  const { manifest } = node;
  return compact({
    name: node.packageName !== node.name ? node.packageName : undefined,
    version: node.version,
    // A resolved URL from the proxy is specific to this app; npm resolves a missing one from its own registry.
    // A file: path is kept: it is where the package comes from.
    resolved: node.resolved && /^(https?:\/\/|file:)/.test(node.resolved) ? node.resolved : undefined,
    integrity: node.integrity?.startsWith('sha1-hex:') ? undefined : node.integrity,
    dev: node.dev,
    optional: node.optional,
    devOptional: node.devOptional,
    peer: node.peer,
    hasInstallScript: manifest.hasInstallScript,
    license: manifest.license,
    bundleDependencies: manifest.bundleDependencies,
    dependencies: manifest.dependencies,
    optionalDependencies: manifest.optionalDependencies,
    peerDependencies: manifest.peerDependencies,
    peerDependenciesMeta: manifest.peerDependenciesMeta,
    bin: manifest.bin === undefined ? undefined : normalizeBin(node.packageName, manifest.bin),
    engines: manifest.engines,
    os: manifest.os,
    cpu: manifest.cpu,
    libc: manifest.libc,
  });
}

/** The lock for the tree: root entry from package.json, then every node by folder. */
export function lockFromTree(root: TreeNode, pkg: PackageJson): LockFile {
  computeFlags(root);
  const packages: Record<string, LockEntry> = {
    '': compact({
      name: pkg.name,
      version: pkg.version,
      license: pkg.license,
      dependencies: pkg.dependencies,
      devDependencies: pkg.devDependencies,
      optionalDependencies: pkg.optionalDependencies,
      peerDependencies: pkg.peerDependencies,
      bin: pkg.bin,
      engines: pkg.engines,
    }),
  };
  const nodes = allNodes(root)
    .filter((node) => node.parent)
    .map((node) => [locationOf(node), node] as const)
    .sort(([a], [b]) => a.localeCompare(b, 'en'));
  for (const [location, node] of nodes) packages[location] = entryOfNode(node);
  return compact({ name: pkg.name, version: pkg.version, lockfileVersion: 3, requires: true, packages });
}

export function writeJson(vfs: VirtualFS, path: string, value: unknown): void {
  vfs.writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Why `npm ci` cannot use this lock with this package.json (empty when they agree): every dependency of
 * package.json must be in the lock with the same spec, and its locked version must satisfy it.
 */
export function lockMismatches(pkg: PackageJson, lock: LockFile): string[] {
  const problems: string[] = [];
  const locked = lock.packages?.[''] ?? {};
  const kinds = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;
  for (const kind of kinds) {
    const wanted = pkg[kind] ?? {};
    const have = (locked as Record<string, Record<string, string> | undefined>)[kind] ?? {};
    for (const [name, spec] of Object.entries(wanted)) {
      const entry = lock.packages?.[`node_modules/${name}`];
      if (have[name] !== spec && !(kind === 'peerDependencies' && entry)) {
        problems.push(
          have[name] === undefined ? `Missing: ${name}@${spec} from lock file` : `Invalid: lock file's ${name}@${have[name]} does not satisfy ${name}@${spec}`,
        );
        continue;
      }
      if (!entry?.version) {
        if (kind !== 'optionalDependencies' && kind !== 'peerDependencies') problems.push(`Missing: ${name}@${spec} from lock file`);
        continue;
      }
      let satisfied = true;
      try {
        satisfied = versionSatisfies(entry.version, parseDepSpec(name, spec));
      } catch {
        // non-registry specs are reported when installing
      }
      if (!satisfied) problems.push(`Invalid: lock file's ${name}@${entry.version} does not satisfy ${name}@${spec}`);
    }
    for (const name of Object.keys(have)) {
      if (!(name in wanted)) problems.push(`Extra: ${name}@${have[name]} is in the lock file but not in package.json`);
    }
  }
  return problems;
}

export function lockPath(dir: string): string {
  return joinPath(dir, LOCK_FILE);
}
