/**
 * Asking the user before the terminal uses one of their git tokens. A command in the runtime may have been started
 * by the workspace's own programs (an install script can run `git push`), so a token goes out only for what the
 * user allowed: reading a repository, for the rest of the page's life once allowed; writing to it (a push), each
 * time, for the two minutes one push takes. The dialog that asks subscribes here.
 */
import { Listeners } from '@/lib/runtime/listeners';

export interface GitApprovalAsk {
  id: number;
  host: string;
  repository: string;
  /** A push (git-receive-pack) rather than a read. */
  write: boolean;
}

const WRITE_APPROVAL_MS = 120_000;

let nextId = 1;
const asks: { ask: GitApprovalAsk; settle(allowed: boolean): void }[] = [];
const changed = new Listeners<[readonly GitApprovalAsk[]]>();
/** `write:`/`read:` + repository → until when the approval holds. */
const approved = new Map<string, number>();

/** The asks as one array that changes only when they do (React's external-store snapshot must be stable). */
let snapshot: readonly GitApprovalAsk[] = [];
const publish = () => {
  snapshot = asks.map((entry) => entry.ask);
  changed.emit(snapshot);
};

/** Resolves true when the user allows the token's use (or allowed it already and the approval still holds). */
export function approveTokenUse(host: string, repository: string, write: boolean): Promise<boolean> {
  const key = `${write ? 'write' : 'read'}:${repository}`;
  if ((approved.get(key) ?? 0) > Date.now()) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const ask = { id: nextId++, host, repository, write };
    asks.push({
      ask,
      settle: (allowed) => {
        if (allowed) approved.set(key, write ? Date.now() + WRITE_APPROVAL_MS : Number.POSITIVE_INFINITY);
        resolve(allowed);
      },
    });
    publish();
  });
}

export function answerTokenUse(id: number, allowed: boolean): void {
  const index = asks.findIndex((entry) => entry.ask.id === id);
  if (index === -1) return;
  const [entry] = asks.splice(index, 1);
  entry?.settle(allowed);
  publish();
}

export function pendingTokenAsks(): readonly GitApprovalAsk[] {
  return snapshot;
}

export function subscribeTokenAsks(listener: (asks: readonly GitApprovalAsk[]) => void): () => void {
  return changed.add(listener);
}
