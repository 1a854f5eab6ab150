/**
 * The shapes of workspace checkpoints: what callers get (CheckpointMeta, FileChange) and what is stored in
 * IndexedDB or carried in an exported zip (records, manifests). Stored and imported shapes are checked with
 * these schemas where they come from outside this tab (a zip), so one schema per shape is the single truth.
 */
import { z } from 'zod';
import type { FileContent } from '../types';

const checkpointKindSchema = z.enum(['turn', 'named', 'auto', 'before-restore', 'import', 'template', 'visual-edit']);
export type CheckpointKind = z.infer<typeof checkpointKindSchema>;

const checkpointMetaSchema = z.object({
  id: z.string().min(1).max(100),
  workspaceId: z.string().min(1),
  kind: checkpointKindSchema,
  label: z.string().max(500),
  createdAt: z.number(),
  conversationId: z.string().nullable(),
  messageId: z.string().nullable(),
  /** Files in the checkpoint. */
  fileCount: z.number().int().nonnegative(),
  /** Their total size in bytes (what the checkpoint holds, shared blobs counted in full). */
  bytes: z.number().nonnegative(),
});
export type CheckpointMeta = z.infer<typeof checkpointMetaSchema>;

/** What a caller passes to take a checkpoint. */
export const checkpointRequestSchema = z.object({
  kind: checkpointKindSchema,
  label: z.string().max(500),
  conversationId: z.string().nullable().optional(),
  messageId: z.string().nullable().optional(),
});
export type CheckpointRequest = z.infer<typeof checkpointRequestSchema>;

export const fileChangeSchema = z.object({
  path: z.string(),
  status: z.enum(['added', 'modified', 'deleted']),
  /** Binary files are listed, never diffed: no line counts, no text. */
  binary: z.boolean(),
  additions: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
  /** Text before / after (null when absent on that side, or binary). */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type FileChange = z.infer<typeof fileChangeSchema>;

/**
 * One file in a manifest: [path, SHA-256 hex of the bytes, size, lastModified]. A tuple, not an object, so a
 * manifest of a thousand files stays small; lastModified lets a later checkpoint skip re-hashing it.
 */
const manifestEntrySchema = z.tuple([z.string().min(1), z.string().regex(/^[0-9a-f]{64}$/), z.number().int().nonnegative(), z.number()]);
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;

/** A change against a base manifest: an entry, or [path, null] for a file the base has and this does not. */
const deltaEntrySchema = z.union([manifestEntrySchema, z.tuple([z.string().min(1), z.null()])]);
export type DeltaEntry = z.infer<typeof deltaEntrySchema>;

/**
 * A stored checkpoint: its meta plus its files as the changes against its parent checkpoint (or, for the
 * first of a chain, against the base manifest the chain shares), so a checkpoint where one file changed
 * stores one entry, not the whole workspace's list.
 */
const checkpointRecordSchema = checkpointMetaSchema.extend({
  base: z.string(),
  parent: z.string().nullable(),
  delta: z.array(deltaEntrySchema),
  /**
   * When its files were read, on the clock of the tab that took it (their lastModified's clock). After a reload,
   * the next checkpoint reuses the hashes of files written before it; a file written in that millisecond or later
   * may have been rewritten at the same size and time, so it is hashed again. Absent in older records: then
   * every file is hashed again.
   */
  readAt: z.number().optional(),
});
export type CheckpointRecord = z.infer<typeof checkpointRecordSchema>;

/** A full file list several checkpoints share; dropped once no checkpoint names it. */
const checkpointBaseSchema = z.object({
  workspaceId: z.string(),
  id: z.string(),
  files: z.array(manifestEntrySchema),
});
export type CheckpointBase = z.infer<typeof checkpointBaseSchema>;

/**
 * `.tabsmith/history/checkpoints.json` in an exported zip: the checkpoints and the bases they build on, as
 * stored (without the workspace id, which the importing workspace gets anew). Contents are beside it, one
 * file per hash.
 */
export const historyFileSchema = z.object({
  format: z.literal('tabsmith-checkpoints'),
  version: z.literal(1),
  bases: z.array(checkpointBaseSchema.omit({ workspaceId: true })),
  checkpoints: z.array(checkpointRecordSchema.omit({ workspaceId: true })),
});
export type HistoryFile = z.infer<typeof historyFileSchema>;

/** The checkpoints' stores in the app's database (lib/workspace/db.ts opens it). */
export interface CheckpointStores {
  /** Checkpoint metas with their files as changes against a base, keyed [workspaceId, id]. */
  checkpoints: { key: [string, string]; value: CheckpointRecord };
  /** Full file lists checkpoints share, keyed [workspaceId, id]. */
  checkpointBases: { key: [string, string]; value: CheckpointBase };
  /** Checkpointed file contents by SHA-256, keyed [workspaceId, hash, piece]; large ones in several pieces. */
  blobs: { key: [string, string, number]; value: FileContent };
}
