/**
 * Makes node_modules match the ideal tree: folders nothing needs are removed, packages that are missing or at
 * another version are fetched (in parallel, through the registry's limit), verified and unpacked exactly as
 * they are in the tarball, and the `.bin` links and npm's hidden lock are rewritten. Lifecycle scripts are
 * never run; the packages that have them are reported.
 */
import type { VirtualFS } from 'almostnode';
import { dirname, joinPath } from '../paths';
import { linkBins } from './bins';
import { unpackTarball } from './extract';
import { localPackageFiles, sourceOfNode } from './local';
import { HIDDEN_LOCK_FILE, lockFromTree, writeJson } from './lockfile';
import { platformMismatch, RUNTIME_PLATFORM, type Platform } from './platform';
import type { Progress } from './progress';
import type { Registry } from './registry';
import { packageJsonSchema, type PackageJson } from './schemas';
import { allNodes, locationOf, type TreeNode } from './tree';
import { packageFolders, readJsonFile, removeTree } from './vfs';

export type OmitKind = 'dev' | 'optional' | 'peer';

interface ReifyOptions {
  vfs: VirtualFS;
  /** The project folder (the one with package.json). */
  rootDir: string;
  registry: Registry;
  pkg: PackageJson;
  omit?: ReadonlySet<OmitKind>;
  platform?: Platform;
  signal?: AbortSignal;
  progress: Progress;
}

export interface ReifyResult {
  added: number;
  removed: number;
  changed: number;
  /** `name@version (postinstall)` for each newly installed package with install scripts. */
  scripts: string[];
  /** Optional packages whose tarball could not be installed, with the reason. */
  failedOptional: string[];
  /** Packages left out because they are built for another platform: `name@version (cpu x64)`. */
  skippedPlatform: string[];
  /** The same, for packages that were not optional (they will be missing when something loads them). */
  badPlatform: string[];
}

const SCRIPT_HOOKS = ['preinstall', 'install', 'postinstall', 'prepare'];

function isOmitted(node: TreeNode, omit: ReadonlySet<OmitKind>): boolean {
  return (omit.has('dev') && !!node.dev) || (omit.has('optional') && !!node.optional) || (omit.has('peer') && !!node.peer);
}

function installedVersion(vfs: VirtualFS, dir: string): { name?: string; version?: string } | null {
  const parsed = packageJsonSchema.safeParse(readJsonFile(vfs, joinPath(dir, 'package.json')));
  return parsed.success ? parsed.data : null;
}

function bundledOf(vfs: VirtualFS, dir: string): string[] {
  const pkg = readJsonFile(vfs, joinPath(dir, 'package.json')) as { bundleDependencies?: unknown; bundledDependencies?: unknown } | undefined;
  const list = pkg?.bundleDependencies ?? pkg?.bundledDependencies;
  return Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : [];
}

function scriptsOf(vfs: VirtualFS, dir: string): string[] {
  const parsed = packageJsonSchema.safeParse(readJsonFile(vfs, joinPath(dir, 'package.json')));
  const scripts = parsed.success ? (parsed.data.scripts ?? {}) : {};
  const hooks = SCRIPT_HOOKS.filter((hook) => hook !== 'prepare' && scripts[hook]);
  if (hooks.length === 0 && vfs.existsSync(joinPath(dir, 'binding.gyp'))) hooks.push('install: node-gyp rebuild');
  return hooks;
}

/**
 * Removes folders under `nodeModules` that the tree does not want at that place; returns how many. Folders
 * about to be replaced (`fresh`) are left for the caller, which wipes them anyway.
 */
function pruneFolders(vfs: VirtualFS, node: TreeNode, nodeModules: string, wanted: Set<TreeNode>, fresh: Set<TreeNode>): number {
  let removed = 0;
  const bundled = node.parent ? bundledOf(vfs, dirname(nodeModules)) : [];
  for (const name of packageFolders(vfs, nodeModules)) {
    const child = node.children.get(name);
    const dir = joinPath(nodeModules, name);
    // Dependencies a package ships inside its own tarball are part of it, not of the tree.
    if (!child && bundled.includes(name)) continue;
    if (!child || !wanted.has(child)) {
      removeTree(vfs, dir);
      removed++;
    } else if (!fresh.has(child)) {
      removed += pruneFolders(vfs, child, joinPath(dir, 'node_modules'), wanted, fresh);
    }
  }
  for (const scope of vfs.existsSync(nodeModules) ? vfs.readdirSync(nodeModules) : []) {
    const dir = joinPath(nodeModules, scope);
    if (scope.startsWith('@') && vfs.statSync(dir).isDirectory() && vfs.readdirSync(dir).length === 0) vfs.rmdirSync(dir);
  }
  return removed;
}

/** A package's files: from its file: source in the workspace, or its tarball from the registry. */
async function packageFiles(node: TreeNode, options: ReifyOptions): Promise<Map<string, Uint8Array>> {
  const local = sourceOfNode(node, options.rootDir);
  if (local) return localPackageFiles(options.vfs, local);
  const tgz = await options.registry.tarball({ name: node.packageName, version: node.version, url: node.resolved });
  const entries = await unpackTarball(tgz, node.integrity, `${node.packageName}@${node.version}`);
  return new Map(entries.map((entry) => [entry.path, entry.data]));
}

export async function reify(root: TreeNode, options: ReifyOptions): Promise<ReifyResult> {
  const { vfs, rootDir, progress } = options;
  const omit = options.omit ?? new Set<OmitKind>();
  const skippedPlatform: string[] = [];
  const badPlatform: string[] = [];
  const left = new Set<TreeNode>();
  for (const node of allNodes(root)) {
    if (!node.parent) continue;
    const mismatch = platformMismatch(node.manifest, options.platform ?? RUNTIME_PLATFORM);
    if (left.has(node.parent) || isOmitted(node, omit) || mismatch) left.add(node);
    if (mismatch && !left.has(node.parent)) (node.optional ? skippedPlatform : badPlatform).push(`${node.packageName}@${node.version} (${mismatch})`);
  }
  const wanted = allNodes(root).filter((node) => node.parent && !left.has(node));
  const wantedSet = new Set(wanted);
  const fresh = new Set<TreeNode>();
  let changed = 0;
  for (const node of wanted) {
    const dir = joinPath(rootDir, locationOf(node));
    const installed = fresh.has(node.parent as TreeNode) ? null : installedVersion(vfs, dir);
    // A folder dependency is copied again each time: its files change without its version changing.
    const copied = sourceOfNode(node, rootDir)?.kind === 'directory';
    if (installed && installed.name === node.packageName && installed.version === node.version && !copied) continue;
    if (installed) changed++;
    fresh.add(node);
  }
  const removed = pruneFolders(vfs, root, joinPath(rootDir, 'node_modules'), wantedSet, fresh);
  for (const node of fresh) removeTree(vfs, joinPath(rootDir, locationOf(node)));

  const total = fresh.size;
  const failedOptional: string[] = [];
  let fetched = 0;
  let extracted = 0;
  let failed = false;
  if (total > 0) progress.line(`npm: fetching ${total} package${total === 1 ? '' : 's'}…`);
  const report = (force = false) => progress.tick(`npm: fetching ${fetched}/${total}, extracted ${extracted}/${total}`, force);
  await Promise.all(
    [...fresh].map(async (node) => {
      const label = `${node.packageName}@${node.version}`;
      const dir = joinPath(rootDir, locationOf(node));
      try {
        const entries = await packageFiles(node, options);
        fetched++;
        report();
        if (failed || options.signal?.aborted) return;
        // Copies: a file must not keep the whole unpacked archive alive (and must own its bytes).
        for (const [path, data] of entries) vfs.writeFileSync(joinPath(dir, path), data.slice());
        extracted++;
        report();
      } catch (error) {
        if (node.optional && !options.signal?.aborted) {
          removeTree(vfs, dir);
          failedOptional.push(`${label} (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
          return;
        }
        failed = true;
        throw error;
      }
    }),
  );
  if (total > 0) report(true);

  const scripts: string[] = [];
  for (const node of fresh) {
    const hooks = scriptsOf(vfs, joinPath(rootDir, locationOf(node)));
    if (hooks.length) scripts.push(`${node.packageName}@${node.version} (${hooks.join(', ')})`);
  }
  linkBins(vfs, rootDir, root);
  if (vfs.existsSync(joinPath(rootDir, 'node_modules'))) writeJson(vfs, joinPath(rootDir, HIDDEN_LOCK_FILE), lockFromTree(root, options.pkg));
  return { added: total - changed - failedOptional.length, removed, changed, scripts, failedOptional, skippedPlatform, badPlatform };
}
