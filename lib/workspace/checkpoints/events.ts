/**
 * "This workspace's checkpoints changed" within this tab: a timeline listening here shows a checkpoint the
 * agent's turn hook (or a restore) just took without polling the database.
 */
type Listener = () => void;

const listeners = new Map<string, Set<Listener>>();

export function subscribeCheckpoints(workspaceId: string, listener: Listener): () => void {
  let set = listeners.get(workspaceId);
  if (!set) {
    set = new Set();
    listeners.set(workspaceId, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(workspaceId);
  };
}

export function notifyCheckpoints(workspaceId: string): void {
  for (const listener of [...(listeners.get(workspaceId) ?? [])]) {
    try {
      listener();
    } catch {
      // One listener's failure must not keep the others from hearing about the change.
    }
  }
}
