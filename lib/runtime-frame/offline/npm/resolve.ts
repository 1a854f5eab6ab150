/**
 * Builds the ideal tree, as npm's arborist does: every dependency edge must resolve (by Node's lookup) to a
 * node that satisfies it. Edges that already do (e.g. from the lock file) are kept, so a locked version wins
 * over a newer one; a missing or unsatisfied edge gets the version npm would pick, placed as high in the tree
 * as it can go without changing what any other package resolves to, and nested when two versions are needed.
 * peerDependencies are installed next to the package that wants them (npm 7+), unless marked optional.
 * Packages for other platforms stay in the tree (so the lock works on every machine, as npm's does); reify.ts
 * leaves them out of node_modules.
 */
import type { VirtualFS } from 'almostnode';
import { NpmError } from './errors';
import { localNode, localSource, sourceOfNode } from './local';
import { pickManifest, preferTwinnedVersion } from './pick';
import type { Registry } from './registry';
import type { VersionManifest } from './schemas';
import { parseDepSpec, type RegistrySpec } from './spec';
import { wasmTwinOf } from '../wasm-twins';
import {
  allNodes,
  assignOverrides,
  bundledNames,
  edgeSpec,
  edgesOf,
  findVisible,
  isAncestor,
  nodeSatisfies,
  placeChild,
  type Edge,
  type TreeNode,
} from './tree';

interface ResolveOptions {
  registry: Registry;
  /** The workspace and the project folder: file: dependencies are read from there. */
  vfs?: VirtualFS;
  rootDir?: string;
  /** `--legacy-peer-deps`: peer dependencies are not installed. */
  legacyPeerDeps?: boolean;
  signal?: AbortSignal;
  /** Called after each newly placed package with the count so far. */
  onPlaced?(count: number): void;
}

export interface ResolveResult {
  /** Peers that conflict with what is installed next to the package: it got its own copy instead. */
  peerConflicts: string[];
  /** Optional packages that could not be resolved or fetched, with the reason. */
  skippedOptional: string[];
  warnings: string[];
}

const MAX_PASSES = 20;

function describeNode(node: TreeNode): string {
  return node.parent ? `${node.packageName}@${node.version}` : `${node.name || 'the project'}`;
}

export function nodeFromManifest(name: string, manifest: VersionManifest): TreeNode {
  return {
    name,
    packageName: manifest.name,
    version: manifest.version,
    parent: null,
    children: new Map(),
    manifest: {
      dependencies: manifest.dependencies,
      optionalDependencies: manifest.optionalDependencies,
      peerDependencies: manifest.peerDependencies,
      peerDependenciesMeta: manifest.peerDependenciesMeta,
      bin: manifest.bin,
      os: manifest.os,
      cpu: manifest.cpu,
      libc: manifest.libc,
      engines: manifest.engines,
      license: manifest.license,
      hasInstallScript: manifest.hasInstallScript,
      bundleDependencies: bundledNames(manifest),
    },
    resolved: manifest.dist.tarball,
    integrity: manifest.dist.integrity ?? (manifest.dist.shasum ? `sha1-hex:${manifest.dist.shasum}` : undefined),
  };
}

/**
 * Whether putting `node` into `target`'s node_modules leaves every package below `target` resolving to
 * something that still satisfies it (a package that found another version higher up would now find this one).
 */
function canPlaceAt(target: TreeNode, node: TreeNode, specs: (edge: Edge) => RegistrySpec | null): boolean {
  const stack = [target];
  while (stack.length) {
    const current = stack.pop() as TreeNode;
    stack.push(...current.children.values());
    const edge = edgesOf(current).find((candidate) => candidate.name === node.name);
    if (!edge) continue;
    const resolved = findVisible(current, node.name);
    if (!resolved?.parent || !isAncestor(resolved.parent, target) || resolved.parent === target) continue;
    const spec = specs(edge);
    if (spec && !nodeSatisfies(node, spec)) return false;
  }
  return true;
}

class TreeBuilder {
  private readonly result: ResolveResult = { peerConflicts: [], skippedOptional: [], warnings: [] };
  private readonly skipped = new Set<string>();
  private readonly specCache = new Map<string, RegistrySpec | null>();
  private placed = 0;

  constructor(
    private readonly root: TreeNode,
    private readonly options: ResolveOptions,
  ) {}

  private specOf = (edge: Edge): RegistrySpec | null => {
    const key = `${edge.name}\0${edge.rawSpec}`;
    if (!this.specCache.has(key)) this.specCache.set(key, edgeSpec(edge));
    return this.specCache.get(key) ?? null;
  };

  private edges(node: TreeNode): Edge[] {
    return edgesOf(node, { omitPeer: this.options.legacyPeerDeps }).filter((edge) => edge.type !== 'peerOptional');
  }

  /** Starts fetching what a new node will need, so packuments load in parallel while the tree is walked. */
  private prefetch(node: TreeNode): void {
    for (const edge of this.edges(node)) {
      const spec = this.specOf(edge);
      if (spec && !findVisible(node, edge.name)) this.options.registry.packument(spec.packageName).catch(() => undefined);
    }
  }

  async build(): Promise<ResolveResult> {
    this.prefetch(this.root);
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      if (!(await this.pass())) return this.result;
    }
    this.result.warnings.push('the dependency tree did not settle; some packages may be missing');
    return this.result;
  }

  /** One walk over the tree, fixing every unsatisfied edge; true when something changed. */
  private async pass(): Promise<boolean> {
    let changed = false;
    const queue = allNodes(this.root);
    while (queue.length) {
      const node = queue.shift() as TreeNode;
      // A node replaced earlier in this pass is no longer in the tree.
      if (node !== this.root && !node.parent) continue;
      for (const edge of this.edges(node)) {
        if (this.options.signal?.aborted) throw new NpmError('EABORT', 'aborted');
        const placed = await this.fix(edge);
        if (placed) {
          changed = true;
          queue.push(placed);
        }
      }
    }
    return changed;
  }

  /** Makes one edge resolve; returns the node it placed, if any. */
  private async fix(edge: Edge): Promise<TreeNode | null> {
    const spec = this.specOf(edge);
    const optional = edge.type === 'optional';
    if (!spec) {
      const local = await this.fixLocal(edge).catch((error: unknown) => {
        if (!optional) throw error;
        this.result.skippedOptional.push(`${edge.name}@${edge.rawSpec} (${error instanceof Error ? error.message : String(error)})`);
        return null;
      });
      if (local !== undefined) return local;
      if (optional) {
        this.result.skippedOptional.push(`${edge.name}@${edge.rawSpec} (not a registry package)`);
        return null;
      }
      // Parsing again throws the parser's own explanation (e.g. git dependencies are not supported).
      parseDepSpec(edge.name, edge.rawSpec);
      return null;
    }
    const current = findVisible(edge.from, edge.name);
    if (current && nodeSatisfies(current, spec)) return null;
    const key = `${edge.name}@${edge.rawSpec}`;
    if (this.skipped.has(key)) return null;

    let manifest: VersionManifest;
    try {
      const packument = await this.options.registry.packument(spec.packageName);
      manifest = pickManifest(packument, spec, describeNode(edge.from));
      const twin = edge.overridden ? undefined : wasmTwinOf(spec.packageName);
      if (twin) manifest = preferTwinnedVersion(packument, await this.twinVersions(twin), spec, manifest);
    } catch (error) {
      if (!optional || this.options.signal?.aborted) throw error;
      this.skipped.add(key);
      // A missing twin is reported with what it means for its package (twins.ts).
      if (edge.twin) return null;
      this.result.skippedOptional.push(`${key} (${error instanceof NpmError ? error.code : error instanceof Error ? error.message : String(error)})`);
      return null;
    }
    const node = nodeFromManifest(edge.name, manifest);
    return this.adopt(edge, node);
  }

  /** The versions the registry has of a WebAssembly twin (none when it has no such package). */
  private async twinVersions(twin: string): Promise<string[]> {
    try {
      return Object.keys((await this.options.registry.packument(twin)).versions);
    } catch (error) {
      if (this.options.signal?.aborted) throw error;
      return [];
    }
  }

  /** Places a node resolved for `edge` in the tree, with the edge's overrides, and starts fetching its own. */
  private adopt(edge: Edge, node: TreeNode): TreeNode {
    node.overrides = edge.overrides;
    this.place(edge, node);
    this.placed++;
    this.options.onPlaced?.(this.placed);
    this.prefetch(node);
    return node;
  }

  /**
   * A file: dependency: undefined when the edge is not one; otherwise the node placed for it, or null when
   * the one in the tree already comes from that path. Paths are relative to the package.json that names them,
   * so only the project (its dependencies and overrides) and local folders can have them.
   */
  private async fixLocal(edge: Edge): Promise<TreeNode | null | undefined> {
    const { vfs, rootDir } = this.options;
    if (!vfs || rootDir === undefined) return undefined;
    const fromProject = !edge.from.parent || edge.overridden;
    const from = fromProject ? null : sourceOfNode(edge.from, rootDir);
    if (!fromProject && from?.kind !== 'directory') {
      if (!localSource(edge.rawSpec, rootDir)) return undefined;
      throw new NpmError(
        'EUNSUPPORTEDPROTOCOL',
        `${describeNode(edge.from)} depends on ${edge.name}@${edge.rawSpec}, a path inside a published package, which cannot be installed`,
      );
    }
    const source = localSource(edge.rawSpec, from?.path ?? rootDir, rootDir);
    if (!source) return undefined;
    if (findVisible(edge.from, edge.name)?.resolved === source.saveSpec) return null;
    const node = await localNode(vfs, source, edge.name);
    return this.adopt(edge, node);
  }

  private place(edge: Edge, node: TreeNode): void {
    const peer = edge.type === 'peer';
    // A peer must be found from the package's own folder, so it goes next to the package (or higher).
    const start = peer && edge.from.parent ? edge.from.parent : edge.from;
    const conflict = start.children.get(node.name);
    if (conflict && peer) {
      // npm stops with ERESOLVE here; installing the peer inside the package that wants it keeps both working.
      this.result.peerConflicts.push(`${describeNode(edge.from)} wants ${edge.name}@${edge.rawSpec} (next to it: ${conflict.version})`);
      placeChild(edge.from, node);
      return;
    }
    let target = start;
    if (!conflict) {
      for (let up = start.parent; up; up = up.parent) {
        if (up.children.has(node.name) || !canPlaceAt(up, node, this.specOf)) break;
        target = up;
      }
    }
    // A conflict at the start is the package's own copy (or the root's): the new version replaces it, and
    // whatever depended on the old one is fixed on the next pass.
    placeChild(target, node);
  }
}

/** Completes `root`'s tree in place (fetching what is missing) and prunes what nothing needs. */
export async function buildIdealTree(root: TreeNode, options: ResolveOptions): Promise<ResolveResult> {
  assignOverrides(root);
  const result = await new TreeBuilder(root, options).build();
  pruneUnreachable(root, options.legacyPeerDeps);
  return result;
}

/** Removes nodes no edge from the root leads to (left over from a lock or a replaced version). */
function pruneUnreachable(root: TreeNode, legacyPeerDeps = false): void {
  const reachable = new Set<TreeNode>([root]);
  const queue = [root];
  while (queue.length) {
    const node = queue.shift() as TreeNode;
    for (const edge of edgesOf(node, { omitPeer: legacyPeerDeps })) {
      const target = findVisible(node, edge.name);
      if (target && !reachable.has(target)) {
        reachable.add(target);
        queue.push(target);
      }
    }
  }
  for (const node of allNodes(root)) {
    if (!reachable.has(node) && node.parent) node.parent.children.delete(node.name);
  }
}
