/**
 * `npm install` / `npm ci` for the offline runtime: this project's own client (resolve.ts builds the tree
 * from package.json and the lock, reify.ts writes node_modules), talking to the registry through the app's
 * same-origin proxy and printing npm-like progress as it goes. Ctrl+C stops it with exit code 130.
 */
import type { VirtualFS } from 'almostnode';
import semver from 'semver';
import type { CommandIO } from '../process';
import { joinPath } from '../paths';
import { scopeRegistryError, type NpmConfig } from './config';
import { NpmError, formatNpmError } from './errors';
import { computeFlags, loadLockIntoTree, lockFromTree, lockMismatches, lockPath, readLockFile, writeJson } from './lockfile';
import { pickManifest } from './pick';
import { createProgress, type Progress } from './progress';
import { DEP_KINDS, findProjectDir, readPackageJson, rootNode, writePackageJson, type DepKind } from './project';
import { createHttpRegistry, type Registry } from './registry';
import { reify, type OmitKind, type ReifyResult } from './reify';
import { buildIdealTree, nodeFromManifest, type ResolveResult } from './resolve';
import type { PackageJson } from './schemas';
import { parseArgSpec, type RegistrySpec } from './spec';
import { localNode, localSource } from './local';
import { parseOverrides } from './overrides';
import { allNodes, locationOf, placeChild, type TreeNode } from './tree';
import { twinReport } from './twins';
import { removeTree } from './vfs';

export interface NpmDeps {
  vfs: VirtualFS;
  /** Absolute URL of the registry proxy, e.g. `${origin}/api/npm`. */
  registry: string;
  /** Replaces the HTTP registry (tests use an in-memory one). */
  createRegistry?(signal: AbortSignal): Registry;
}

export interface InstallRequest {
  /** Package specs to add (`npm install <pkg>…`); empty installs what package.json lists. */
  specs: string[];
  saveKind: DepKind;
  save: boolean;
  saveExact: boolean;
  /** npm's `save-prefix` (`^` unless .npmrc says otherwise). */
  savePrefix?: string;
  omit: Set<OmitKind>;
  legacyPeerDeps: boolean;
  /** `npm ci`: the lock must agree with package.json, and node_modules starts empty. */
  clean: boolean;
  /** Where paths on the command line are relative to (the shell's folder); defaults to the project. */
  cwd?: string;
  /** Where to install; defaults to the project found from cwd. */
  dir?: string;
  /** Writes no package.json or package-lock.json at all (npx's cache). */
  noFiles?: boolean;
  /** `package-lock=false`: node_modules is written, package-lock.json is not. */
  writeLock?: boolean;
  /** Scopes .npmrc maps to a registry of their own (which this runtime cannot reach). */
  scopeRegistries?: NpmConfig['scopeRegistries'];
}

export function createRegistryFor(deps: NpmDeps, signal: AbortSignal, scopes?: InstallRequest['scopeRegistries']): Registry {
  const registry = deps.createRegistry ? deps.createRegistry(signal) : createHttpRegistry({ base: deps.registry, signal });
  if (!scopes?.size) return registry;
  return {
    packument: (name) => {
      const refused = scopeRegistryError(name, { scopeRegistries: scopes });
      return refused ? Promise.reject(refused) : registry.packument(name);
    },
    tarball: (request) => registry.tarball(request),
  };
}

/** What package.json records for an added package, by npm's rules (`^version` unless the range is narrower). */
function savedSpec(spec: RegistrySpec, version: string, exact: boolean, prefix = '^'): string {
  let range = exact ? version : `${prefix}${version}`;
  if (!exact && spec.type === 'range' && spec.fetchSpec !== '*' && !semver.subset(range, spec.fetchSpec, { loose: true })) {
    range = spec.fetchSpec;
  }
  return spec.alias ? `npm:${spec.packageName}@${range}` : range;
}

function plural(count: number, word: string, words = `${word}s`): string {
  return `${count} ${count === 1 ? word : words}`;
}

function summary(result: ReifyResult, seconds: string): string {
  const parts: string[] = [];
  if (result.added) parts.push(`added ${plural(result.added, 'package')}`);
  if (result.removed) parts.push(`removed ${plural(result.removed, 'package')}`);
  if (result.changed) parts.push(`changed ${plural(result.changed, 'package')}`);
  if (parts.length === 0) return `up to date in ${seconds}s`;
  const last = parts.pop() as string;
  return `${parts.length ? `${parts.join(', ')}, and ${last}` : last} in ${seconds}s`;
}

function listShort(items: readonly string[], max = 5): string {
  return items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** Records `name: spec` in one section of package.json; a package lives in one section (peer entries stay). */
function saveEntry(pkg: PackageJson, kind: DepKind, name: string, spec: string): void {
  for (const other of DEP_KINDS) {
    if (other === kind || other === 'peerDependencies' || !pkg[other]?.[name]) continue;
    pkg[other] = Object.fromEntries(Object.entries(pkg[other] ?? {}).filter(([key]) => key !== name));
  }
  pkg[kind] = { ...pkg[kind], [name]: spec };
}

/** Adds the requested packages to package.json and the tree's root; returns the updated package.json. */
async function addSpecs(request: InstallRequest, pkg: PackageJson, root: TreeNode, registry: Registry, vfs: VirtualFS, dir: string): Promise<PackageJson> {
  const next: PackageJson = { ...pkg };
  for (const raw of request.specs) {
    const local = localSource(raw, request.cwd ?? dir, dir);
    if (local) {
      const node = await localNode(vfs, local);
      saveEntry(next, request.saveKind, node.name, local.saveSpec);
      placeChild(root, node);
      continue;
    }
    const spec = parseArgSpec(raw);
    const manifest = pickManifest(await registry.packument(spec.packageName), spec);
    saveEntry(next, request.saveKind, spec.name, savedSpec(spec, manifest.version, request.saveExact, request.savePrefix));
    // The requested version goes in as picked (a saved `^1.0.0` alone would let a newer 1.x win).
    const existing = root.children.get(spec.name);
    if (!existing || existing.version !== manifest.version || existing.packageName !== manifest.name) placeChild(root, nodeFromManifest(spec.name, manifest));
  }
  for (const kind of DEP_KINDS) root.manifest[kind] = next[kind];
  return next;
}

function reportResolve(result: ResolveResult, progress: Progress): void {
  for (const warning of result.warnings) progress.line(`npm warn ${warning}`);
  if (result.peerConflicts.length) {
    progress.line(
      `npm warn ERESOLVE ${plural(result.peerConflicts.length, 'package wants a peer', 'packages want a peer')} at another version than the one installed; each got its own copy: ${listShort(result.peerConflicts)}`,
    );
  }
  if (result.skippedOptional.length) {
    progress.line(
      `npm warn skipped ${plural(result.skippedOptional.length, 'optional dependency', 'optional dependencies')} the registry could not provide: ${listShort(result.skippedOptional)}`,
    );
  }
}

async function runInstall(request: InstallRequest, io: CommandIO, deps: NpmDeps, registry: Registry): Promise<number> {
  const started = performance.now();
  const { vfs } = deps;
  const progress = createProgress(io.write);
  const dir = request.dir ?? findProjectDir(vfs, io.cwd);
  const original = readPackageJson(vfs, dir);
  if (!original && request.clean) throw new NpmError('ENOENT', `npm ci needs a package.json in ${dir}`);
  let pkg: PackageJson = original ?? {};
  const root = rootNode(pkg, dir);

  const lock = request.noFiles ? null : readLockFile(vfs, lockPath(dir));
  if (request.clean) {
    if (!lock?.packages) {
      throw new NpmError(
        'EUSAGE',
        'The `npm ci` command can only install with an existing package-lock.json (lockfileVersion 2 or 3). Run `npm install` to create one.',
      );
    }
    const problems = lockMismatches(pkg, lock);
    if (problems.length) {
      throw new NpmError(
        'EUSAGE',
        [
          '`npm ci` can only install packages when your package.json and package-lock.json are in sync. Update the lock file with `npm install` before continuing.',
          '',
          ...problems,
        ].join('\n'),
      );
    }
    removeTree(vfs, joinPath(dir, 'node_modules'));
  }
  if (lock?.packages) loadLockIntoTree(root, lock);
  else if (lock) progress.line(`npm warn old lockfile (lockfileVersion ${lock.lockfileVersion}): versions will be resolved again`);

  progress.line('npm: resolving dependencies…');
  if (request.specs.length) {
    pkg = await addSpecs(request, pkg, root, registry, vfs, dir);
    // What was just added must agree with the project's overrides, as npm checks.
    root.overrides = parseOverrides(pkg) ?? undefined;
  }
  const resolved = await buildIdealTree(root, {
    registry,
    legacyPeerDeps: request.legacyPeerDeps,
    vfs,
    rootDir: dir,
    signal: io.signal,
    onPlaced: (count) => progress.tick(`npm: resolved ${count} new package${count === 1 ? '' : 's'}`),
  });
  const total = allNodes(root).length - 1;
  progress.line(`npm: ${plural(total, 'package')} in the tree`);
  reportResolve(resolved, progress);
  computeFlags(root);

  const result = await reify(root, { vfs, rootDir: dir, registry, pkg, omit: request.omit, signal: io.signal, progress });
  if (io.signal.aborted) return 130;
  if (!request.noFiles && request.save && (original || request.specs.length)) {
    if (request.specs.length || !original) writePackageJson(vfs, dir, pkg);
    if (request.writeLock !== false) writeJson(vfs, lockPath(dir), lockFromTree(root, pkg));
  }
  for (const item of result.failedOptional) progress.line(`npm warn skipped optional ${item}`);
  if (result.skippedPlatform.length) {
    progress.line(
      `npm warn skipped ${plural(result.skippedPlatform.length, 'optional package')} built for another platform (native code cannot run in the browser): ${listShort(result.skippedPlatform)}`,
    );
  }
  for (const item of result.badPlatform) progress.line(`npm warn EBADPLATFORM ${item} is built for another platform and was not installed`);
  for (const line of twinReport(root, (node) => vfs.existsSync(joinPath(dir, `${locationOf(node)}/package.json`)))) progress.line(line);
  if (result.scripts.length) {
    progress.line(`npm warn install scripts were not run: ${listShort(result.scripts)}; to allow one, run npm rebuild <name>`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  io.write(`\n${summary(result, seconds)}\n`);
  return 0;
}

/** Runs an install and turns its failure into npm's error block; 130 when cancelled. */
export async function npmInstall(request: InstallRequest, io: CommandIO, deps: NpmDeps): Promise<number> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  io.signal.addEventListener('abort', stop, { once: true });
  if (io.signal.aborted) return 130;
  const registry = createRegistryFor(deps, controller.signal, request.scopeRegistries);
  const scoped: CommandIO = { ...io, signal: controller.signal };
  let cancelled: () => void = () => {};
  const aborted = new Promise<number>((resolve) => (cancelled = () => resolve(130)));
  controller.signal.addEventListener('abort', () => cancelled(), { once: true });
  try {
    // Cancelling answers at once; work still in flight stops at its next check.
    return await Promise.race([runInstall(request, scoped, deps, registry), aborted]);
  } catch (error) {
    if (io.signal.aborted) return 130;
    io.write(formatNpmError(error));
    return 1;
  } finally {
    io.signal.removeEventListener('abort', stop);
  }
}
