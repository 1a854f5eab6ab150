/**
 * The package tree: one node per folder in node_modules, placed where Node's module resolution finds it.
 * A node's children are the packages in its own `node_modules`; a dependency resolves from a node by walking
 * up its ancestors, exactly as `require` does.
 */
import { parseDepSpec, type RegistrySpec } from './spec';
import { overrideFor, type OverrideSet } from './overrides';
import { versionSatisfies } from './pick';
import { wasmTwinOf } from '../wasm-twins';

/** What a node knows about its package: enough to follow its dependencies, link bins and write the lock. */
export interface NodeManifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
  bin?: string | Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  engines?: Record<string, string>;
  license?: string;
  hasInstallScript?: boolean;
  /** Dependencies shipped inside the package's own tarball: npm installs them from there, not the registry. */
  bundleDependencies?: string[];
}

export interface TreeNode {
  /** The folder name under node_modules (an alias's own name); the project's name for the root. */
  name: string;
  /** The registry package it was installed from. */
  packageName: string;
  version: string;
  parent: TreeNode | null;
  children: Map<string, TreeNode>;
  manifest: NodeManifest;
  resolved?: string;
  integrity?: string;
  /** Lock flags, computed after the tree is built. */
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  /** The `overrides` rules in force for this package's own dependencies (the project's, for the root). */
  overrides?: OverrideSet;
}

type EdgeType = 'prod' | 'dev' | 'optional' | 'peer' | 'peerOptional';

export interface Edge {
  from: TreeNode;
  name: string;
  /** The spec asked for, after `overrides` replaced it. */
  rawSpec: string;
  type: EdgeType;
  /** The override rules a package placed through this edge carries. */
  overrides?: OverrideSet;
  /** True when `rawSpec` comes from the project's overrides (so a file: path in it is the project's). */
  overridden?: boolean;
  /** The package's WebAssembly twin at its own version, which this runtime installs beside a native-only package. */
  twin?: boolean;
}

export function createRoot(name: string, version: string, manifest: NodeManifest): TreeNode {
  return { name, packageName: name, version, parent: null, children: new Map(), manifest };
}

/** `node_modules/a/node_modules/b`; the root is "". */
export function locationOf(node: TreeNode): string {
  const parts: string[] = [];
  for (let current: TreeNode | null = node; current?.parent; current = current.parent) parts.unshift(`node_modules/${current.name}`);
  return parts.join('/');
}

/** Which dependencies a manifest bundles, from either spelling of the field (`true`: all of them). */
export function bundledNames(manifest: {
  bundleDependencies?: string[] | boolean;
  bundledDependencies?: string[] | boolean;
  dependencies?: Record<string, string>;
}): string[] | undefined {
  const field = manifest.bundleDependencies ?? manifest.bundledDependencies;
  if (field === true) return Object.keys(manifest.dependencies ?? {});
  return Array.isArray(field) && field.length ? field : undefined;
}

/** The edges a node has. devDependencies count only for the root, as in npm. */
export function edgesOf(node: TreeNode, options: { omitDev?: boolean; omitPeer?: boolean } = {}): Edge[] {
  const { manifest } = node;
  const edges = new Map<string, Edge>();
  const edge = (name: string, rawSpec: string, type: EdgeType): Edge => {
    const rule = node.overrides ? overrideFor(node.overrides, name, rawSpec) : null;
    const overridden = rule?.value !== undefined;
    return { from: node, name, rawSpec: rule?.value ?? rawSpec, type, overrides: rule ? rule.children : node.overrides, overridden };
  };
  // A published package's bundled dependencies are in its tarball, resolved by nothing outside it.
  const bundled = new Set(node.parent ? manifest.bundleDependencies : []);
  const add = (deps: Record<string, string> | undefined, type: EdgeType) => {
    for (const [name, rawSpec] of Object.entries(deps ?? {})) if (!bundled.has(name)) edges.set(name, edge(name, rawSpec, type));
  };
  if (!options.omitPeer) {
    for (const [name, rawSpec] of Object.entries(manifest.peerDependencies ?? {})) {
      const optional = manifest.peerDependenciesMeta?.[name]?.optional === true;
      edges.set(name, edge(name, rawSpec, optional ? 'peerOptional' : 'peer'));
    }
  }
  if (node.parent === null && !options.omitDev) add(manifest.devDependencies, 'dev');
  add(manifest.dependencies, 'prod');
  // optionalDependencies override dependencies of the same name (npm's rule).
  add(manifest.optionalDependencies, 'optional');
  const twin = node.parent ? wasmTwinOf(node.packageName) : undefined;
  if (twin && !edges.has(twin)) edges.set(twin, { from: node, name: twin, rawSpec: node.version, type: 'optional', twin: true });
  return [...edges.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The node `require(name)` finds from `from`. */
export function findVisible(from: TreeNode, name: string): TreeNode | undefined {
  for (let current: TreeNode | null = from; current; current = current.parent) {
    const found = current.children.get(name);
    if (found) return found;
  }
  return undefined;
}

/** Whether `node` is an acceptable answer for `spec`. */
export function nodeSatisfies(node: TreeNode, spec: RegistrySpec): boolean {
  return node.packageName === spec.packageName && versionSatisfies(node.version, spec);
}

/** The spec of an edge, or null when it is not a registry spec (those are reported, not installed). */
export function edgeSpec(edge: Edge): RegistrySpec | null {
  try {
    return parseDepSpec(edge.name, edge.rawSpec);
  } catch {
    return null;
  }
}

/** Every node, breadth first (shallow ones first), children in name order. */
export function allNodes(root: TreeNode): TreeNode[] {
  const out: TreeNode[] = [];
  const queue = [root];
  while (queue.length) {
    const node = queue.shift() as TreeNode;
    out.push(node);
    queue.push(...[...node.children.values()].sort((a, b) => (a.name < b.name ? -1 : 1)));
  }
  return out;
}

export function isAncestor(ancestor: TreeNode, node: TreeNode): boolean {
  for (let current: TreeNode | null = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

/** Adds a detached node under `parent`, replacing (and detaching) any node of the same name there. */
export function placeChild(parent: TreeNode, child: TreeNode): void {
  const old = parent.children.get(child.name);
  if (old) old.parent = null;
  child.parent = parent;
  parent.children.set(child.name, child);
}

/**
 * Gives every package the override rules of the edge that first reaches it from the root, breadth first (as
 * npm does for a tree read from a lock, where nothing says which rules a package was placed under).
 */
export function assignOverrides(root: TreeNode): void {
  if (!root.overrides) return;
  const seen = new Set<TreeNode>([root]);
  const queue = [root];
  while (queue.length) {
    const node = queue.shift() as TreeNode;
    for (const edge of edgesOf(node)) {
      const target = findVisible(node, edge.name);
      if (!target || seen.has(target)) continue;
      seen.add(target);
      target.overrides ??= edge.overrides;
      queue.push(target);
    }
  }
}
