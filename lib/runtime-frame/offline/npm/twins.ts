/**
 * What an install says about WebAssembly twins (see ../wasm-twins.ts): the tree resolves a twin for every
 * native-only package that has one, at the native package's exact version; this tells the user that it did,
 * and why, or that the registry has no such version, so the package will not load in the tab.
 */
import { wasmTwinOf } from '../wasm-twins';
import { allNodes, findVisible, type TreeNode } from './tree';

/**
 * One line per native package (name and version) in the tree that has a twin; `written` tells whether a node
 * reached node_modules (`--omit` can leave a twin out).
 */
export function twinReport(root: TreeNode, written: (node: TreeNode) => boolean): string[] {
  const lines = new Map<string, string>();
  for (const node of allNodes(root)) {
    const twin = node.parent ? wasmTwinOf(node.packageName) : undefined;
    const native = `${node.packageName}@${node.version}`;
    if (!twin || lines.has(native) || !written(node)) continue;
    const found = findVisible(node, twin);
    lines.set(
      native,
      found?.packageName === twin && found.version === node.version && written(found)
        ? `npm: also installed ${twin}@${node.version}, the WebAssembly build of ${native}: its native code cannot run in a browser tab, so require('${node.packageName}') loads ${twin} here`
        : `npm warn ${native} has native code only, which cannot run in a browser tab, and the registry has no ${twin}@${node.version} (its WebAssembly build): ${node.packageName} will not load here`,
    );
  }
  return [...lines.values()];
}
