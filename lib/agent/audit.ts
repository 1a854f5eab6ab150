/**
 * The agent's audit log: one entry per tool call — tool, a hash of its arguments (never the
 * arguments: they may hold file contents), duration, exit code, outcome — in the `audit` store of the
 * tabsmith IndexedDB database, listed newest first in the UI.
 */
import type { TabsmithDB } from '@/lib/workspace/db';
import type { AuditEntry } from './audit-entry';

export type { AuditEntry };

/** Where the executor sends entries (awaited if it returns a promise): `(entry) => recordAudit(db, entry)` in the app, an array in tests. */
export type AuditSink = (entry: AuditEntry) => unknown;

/** JSON with object keys sorted at every level, so key order never changes the hash. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const record = value as Record<string, unknown>;
  const fields = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${fields.join(',')}}`;
}

export async function hashArgs(args: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(args)));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Stores one entry; resolves with its id. */
export async function recordAudit(db: TabsmithDB, entry: AuditEntry): Promise<number> {
  const { id: _ignored, ...value } = entry;
  return db.add('audit', value);
}

/** A workspace's entries, newest first (by insertion order, which is call order). */
export async function listAudit(db: TabsmithDB, workspaceId: string, limit = 200): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  // Entries with the same index key are visited in primary-key order, so 'prev' is newest first.
  let cursor = await db.transaction('audit').store.index('byWorkspace').openCursor(IDBKeyRange.only(workspaceId), 'prev');
  while (cursor && entries.length < limit) {
    entries.push({ ...cursor.value, id: cursor.primaryKey });
    cursor = await cursor.continue();
  }
  return entries;
}
