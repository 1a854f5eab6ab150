/**
 * `npm ls [names…] [--depth=n | --all]`: the installed tree as npm draws it, read from node_modules itself, with
 * `deduped`, `UNMET DEPENDENCY`, `invalid` and `extraneous` marks (and exit code 1 when something is wrong).
 */
import type { VirtualFS } from 'almostnode';
import { joinPath } from '../../paths';
import type { CommandIO } from '../../process';
import { formatNpmError } from '../errors';
import { findProjectDir, readPackageJson, rootNode } from '../project';
import { packageJsonSchema } from '../schemas';
import { edgeSpec, edgesOf, findVisible, nodeSatisfies, type TreeNode } from '../tree';
import { packageFolders, readJsonFile } from '../vfs';

/** The tree as it is on disk: every package folder under `dir`'s node_modules, nested ones included. */
function loadActualTree(vfs: VirtualFS, dir: string, root: TreeNode): TreeNode {
  const load = (parent: TreeNode, folder: string) => {
    const nodeModules = joinPath(folder, 'node_modules');
    for (const name of packageFolders(vfs, nodeModules)) {
      const packageDir = joinPath(nodeModules, name);
      const parsed = packageJsonSchema.safeParse(readJsonFile(vfs, joinPath(packageDir, 'package.json')));
      if (!parsed.success) continue;
      const pkg = parsed.data;
      const node: TreeNode = {
        name,
        packageName: pkg.name ?? name,
        version: pkg.version ?? '',
        parent,
        children: new Map(),
        manifest: {
          dependencies: pkg.dependencies,
          optionalDependencies: pkg.optionalDependencies,
          peerDependencies: pkg.peerDependencies,
          peerDependenciesMeta: pkg.peerDependenciesMeta,
        },
      };
      parent.children.set(name, node);
      load(node, packageDir);
    }
  };
  load(root, dir);
  return root;
}

interface LsOptions {
  depth: number;
  names: string[];
}

function parseLsArgs(args: readonly string[]): LsOptions {
  let depth = 0;
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--all' || arg === '-a') depth = Infinity;
    else if (arg.startsWith('--depth=')) depth = Number(arg.slice(8)) || 0;
    else if (arg === '--depth') depth = Number(args[++i]) || 0;
    else if (!arg.startsWith('-')) names.push(arg.replace(/(.)@.*$/, '$1'));
  }
  // Asking for a package shows every path to it, however deep.
  return { depth: names.length ? Infinity : depth, names };
}

function renderLs(root: TreeNode, header: string, options: LsOptions): { text: string; problems: string[] } {
  const lines = [header];
  const problems: string[] = [];
  const seen = new Set<TreeNode>();
  const reached = new Set<TreeNode>([root]);
  for (const node of reached) {
    for (const edge of edgesOf(node)) {
      const child = findVisible(node, edge.name);
      if (child) reached.add(child);
    }
  }
  const matches = (node: TreeNode, depth: number, visiting: Set<TreeNode>): boolean => {
    if (options.names.length === 0 || options.names.includes(node.name) || options.names.includes(node.packageName)) return true;
    if (visiting.has(node) || depth > 50) return false;
    visiting.add(node);
    return edgesOf(node).some((edge) => {
      const child = findVisible(node, edge.name);
      return child ? matches(child, depth + 1, visiting) : false;
    });
  };
  const walk = (node: TreeNode, indent: string, depth: number) => {
    const items: { label: string; child?: TreeNode }[] = [];
    for (const edge of edgesOf(node)) {
      const child = findVisible(node, edge.name);
      const spec = edgeSpec(edge);
      if (!child) {
        if (edge.type === 'peerOptional' || (edge.type === 'optional' && node.parent)) continue;
        if (options.names.length && !options.names.includes(edge.name)) continue;
        const label = `${edge.type === 'optional' ? 'UNMET OPTIONAL DEPENDENCY' : 'UNMET DEPENDENCY'} ${edge.name}@${edge.rawSpec}`;
        if (edge.type !== 'optional')
          problems.push(`missing: ${edge.name}@${edge.rawSpec}, required by ${node.parent ? `${node.packageName}@${node.version}` : header.split(' ')[0]}`);
        items.push({ label });
        continue;
      }
      if (!matches(child, 0, new Set())) continue;
      const invalid = spec && !nodeSatisfies(child, spec);
      if (invalid) problems.push(`invalid: ${child.packageName}@${child.version} ${locationLabel(child)}`);
      const alias = child.packageName !== child.name ? `${child.name}@npm:${child.packageName}@${child.version}` : `${child.name}@${child.version}`;
      const marks = [invalid ? `invalid: "${edge.rawSpec}" from ${node.parent ? node.name : 'the root project'}` : '', seen.has(child) ? 'deduped' : ''].filter(
        Boolean,
      );
      items.push({ label: [alias, ...marks].join(' '), child: seen.has(child) ? undefined : child });
      seen.add(child);
    }
    if (!node.parent) {
      for (const child of node.children.values()) {
        if (reached.has(child)) continue;
        problems.push(`extraneous: ${child.packageName}@${child.version} ${locationLabel(child)}`);
        if (options.names.length === 0) items.push({ label: `${child.name}@${child.version} extraneous` });
      }
    }
    items.forEach((item, index) => {
      const last = index === items.length - 1;
      const expand = item.child && depth < options.depth && edgesOf(item.child).some((edge) => findVisible(item.child as TreeNode, edge.name));
      lines.push(`${indent}${last ? '└' : '├'}─${expand ? '┬' : '─'} ${item.label}`);
      if (expand && item.child) walk(item.child, `${indent}${last ? '  ' : '│ '}`, depth + 1);
    });
    if (!node.parent && items.length === 0) lines.push('└── (empty)');
  };
  walk(root, '', 0);
  return { text: `${lines.join('\n')}\n`, problems };
}

function locationLabel(node: TreeNode): string {
  const parts: string[] = [];
  for (let current: TreeNode | null = node; current?.parent; current = current.parent) parts.unshift(`node_modules/${current.name}`);
  return `/${parts.join('/')}`;
}

export function runLs(args: readonly string[], io: CommandIO, deps: { vfs: VirtualFS }): number {
  try {
    const dir = findProjectDir(deps.vfs, io.cwd);
    const pkg = readPackageJson(deps.vfs, dir) ?? {};
    const root = loadActualTree(deps.vfs, dir, rootNode(pkg, dir));
    const { text, problems } = renderLs(root, `${root.name}@${pkg.version ?? ''} ${dir}`, parseLsArgs(args));
    io.write(text);
    if (problems.length === 0) return 0;
    io.write(`\nnpm error code ELSPROBLEMS\n${problems.map((problem) => `npm error ${problem}`).join('\n')}\n`);
    return 1;
  } catch (error) {
    io.write(formatNpmError(error));
    return 1;
  }
}
