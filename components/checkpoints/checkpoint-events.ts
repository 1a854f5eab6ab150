/**
 * A workspace's checkpoint list changed (a turn, a name, a restore): views listening for that workspace read
 * the list again. Module-level because the chat hook that takes turn checkpoints and the views that list them
 * live in different React subtrees.
 */
type Listener = () => void;

const listeners = new Map<string, Set<Listener>>();

export function onCheckpointsChanged(workspaceId: string, listener: Listener): () => void {
  const set = listeners.get(workspaceId) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(workspaceId, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(workspaceId);
  };
}

export function checkpointsChanged(workspaceId: string): void {
  for (const listener of listeners.get(workspaceId) ?? []) listener();
}
