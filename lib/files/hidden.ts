import { isHiddenFromTree } from '@/lib/workspace/paths';
import type { TreeNode } from '@/lib/workspace';

/** The tree without hidden folders (.git) and what is inside them; folders without any keep their identity. */
export function withoutHidden(nodes: TreeNode[]): TreeNode[] {
  let changed = false;
  const kept: TreeNode[] = [];
  for (const node of nodes) {
    if (isHiddenFromTree(node.path)) {
      changed = true;
      continue;
    }
    if (node.type === 'directory' && node.children) {
      const children = withoutHidden(node.children);
      if (children !== node.children) {
        changed = true;
        kept.push({ ...node, children });
        continue;
      }
    }
    kept.push(node);
  }
  return changed ? kept : nodes;
}
