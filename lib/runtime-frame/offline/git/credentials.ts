/**
 * Credentials typed into a URL, remembered for the host they were typed for, as git's credential-cache helper
 * does: remotes are stored without them, so `git pull` after `git clone https://user:token@host/…` finds them
 * here. They live in memory only, for this runtime's file system (one per workspace), and are dropped as soon
 * as the server refuses them.
 */
import type { GitAuth } from 'isomorphic-git';

const stores = new WeakMap<object, Map<string, GitAuth>>();

/** git matches credentials by protocol and host, not by path. */
function hostKey(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function storeFor(owner: object): Map<string, GitAuth> {
  let store = stores.get(owner);
  if (!store) {
    store = new Map();
    stores.set(owner, store);
  }
  return store;
}

export function rememberCredentials(owner: object, url: string, auth: GitAuth): void {
  const key = hostKey(url);
  if (key !== null) storeFor(owner).set(key, auth);
}

export function recallCredentials(owner: object, url: string): GitAuth | undefined {
  const key = hostKey(url);
  return key === null ? undefined : stores.get(owner)?.get(key);
}

export function forgetCredentials(owner: object, url: string): void {
  const key = hostKey(url);
  if (key !== null) stores.get(owner)?.delete(key);
}
