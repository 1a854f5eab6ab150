/** One entry of the agent's audit log, as the `audit` store keeps it (the store's schema names this type). */
export interface AuditEntry {
  /** Assigned by IndexedDB (autoIncrement); absent before the entry is stored. */
  id?: number;
  workspaceId: string;
  /** Epoch ms when the call started. */
  at: number;
  /** Wire name (`fs_writeFile`); the UI shows TOOL_LABELS. */
  tool: string;
  /** SHA-256 hex of the canonical JSON of the arguments (same args, any key order → same hash). */
  argsHash: string;
  durationMs: number;
  exitCode: number | null;
  ok: boolean;
  /** "Name: message" of a failure. */
  error?: string;
}

/** The audit log's store in the app's database (lib/workspace/db.ts opens it); autoIncrement keys keep call order. */
export interface AuditStores {
  audit: { key: number; value: AuditEntry; indexes: { byWorkspace: string } };
}
