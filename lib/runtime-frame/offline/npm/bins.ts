/**
 * `node_modules/.bin`: each package's `bin` entries, linked (see bin-link.ts) into the `.bin` folder of the
 * node_modules it sits in, nested packages included, as npm does.
 */
import type { VirtualFS } from 'almostnode';
import { binLinkSource } from '../bin-link';
import { joinPath } from '../paths';
import { packageJsonSchema } from './schemas';
import { allNodes, locationOf, type TreeNode } from './tree';
import { readJsonFile, removeTree } from './vfs';

/** npm-normalize-package-bin's rules: a string bin is named after the package; names and paths stay inside. */
export function normalizeBin(packageName: string, bin: unknown): Record<string, string> {
  const entries: [string, unknown][] =
    typeof bin === 'string' ? [[packageName.slice(packageName.lastIndexOf('/') + 1), bin]] : bin && typeof bin === 'object' ? Object.entries(bin) : [];
  const out: Record<string, string> = {};
  for (const [rawName, rawPath] of entries) {
    if (typeof rawPath !== 'string') continue;
    const name = rawName.slice(rawName.lastIndexOf('/') + 1).replace(/^\.+/, '');
    const parts = rawPath
      .replace(/\\/g, '/')
      .split('/')
      .filter((part) => part !== '' && part !== '.');
    if (!name || parts.length === 0 || parts.includes('..')) continue;
    out[name] = parts.join('/');
  }
  return out;
}

/** The bins of the package installed in `dir` (read from its package.json, the source of truth). */
export function binsOf(vfs: VirtualFS, dir: string): Record<string, string> {
  const parsed = packageJsonSchema.safeParse(readJsonFile(vfs, joinPath(dir, 'package.json')));
  if (!parsed.success) return {};
  return normalizeBin(parsed.data.name ?? dir.slice(dir.lastIndexOf('/') + 1), parsed.data.bin);
}

/** Rewrites every `.bin` folder of the tree under `rootDir`; returns how many links were written. */
export function linkBins(vfs: VirtualFS, rootDir: string, root: TreeNode): number {
  const folders = new Map<string, Map<string, { owner: string; target: string }>>();
  // The root's .bin is rewritten even when nothing is left to link (after the last package is removed).
  folders.set(joinPath(rootDir, 'node_modules'), new Map());
  for (const node of allNodes(root)) {
    if (!node.parent) continue;
    const nodeModules = joinPath(joinPath(rootDir, locationOf(node.parent)), 'node_modules');
    const links = folders.get(nodeModules) ?? new Map<string, { owner: string; target: string }>();
    folders.set(nodeModules, links);
    const unscoped = node.name.slice(node.name.lastIndexOf('/') + 1);
    for (const [bin, path] of Object.entries(binsOf(vfs, joinPath(nodeModules, node.name)))) {
      const existing = links.get(bin);
      // Two packages offering one name: the package named like the command wins, otherwise the first.
      if (existing && (existing.owner === bin || unscoped !== bin)) continue;
      links.set(bin, { owner: unscoped, target: `../${node.name}/${path}` });
    }
  }
  let count = 0;
  for (const [nodeModules, links] of folders) {
    const binDir = joinPath(nodeModules, '.bin');
    removeTree(vfs, binDir);
    for (const [bin, { target }] of links) {
      vfs.writeFileSync(joinPath(binDir, bin), binLinkSource(target));
      count++;
    }
  }
  return count;
}
