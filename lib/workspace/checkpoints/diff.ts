/**
 * What changed between two checkpoints, or between a checkpoint and the live workspace: every file added,
 * modified or deleted (by content hash, so nothing unchanged is read), with text before and after and line
 * counts. Binary files are listed, never diffed.
 */
import { decodeContent } from '../content';
import type { TabsmithDB } from '../db';
import { WorkspaceError, type FileContent, type WorkspaceStore } from '../types';
import { readBlobs } from './blobs';
import { countAll } from './line-counts-client';
import { readLive, storedContent } from './live';
import { resolveFiles } from './manifests';
import type { WorkspaceSession } from './session';
import type { FileChange, ManifestEntry } from './types';

interface Side {
  files: ReadonlyMap<string, ManifestEntry>;
  /** Contents of these entries, by path. */
  read(entries: readonly ManifestEntry[]): Promise<Map<string, FileContent>>;
}

/** Text, or null for binary content (a NUL near the start, or not UTF-8). */
function textOf(content: FileContent): string | null {
  if (typeof content === 'string') return content;
  const decoded = decodeContent(content);
  return decoded.binary ? null : decoded.text;
}

function fromBlobs(db: TabsmithDB, workspaceId: string) {
  return async (entries: readonly ManifestEntry[]) => {
    const blobs = await readBlobs(
      db,
      workspaceId,
      entries.map((entry) => entry[1]),
    );
    return new Map(entries.map((entry) => [entry[0], blobs.get(entry[1]) as FileContent]));
  };
}

export async function checkpointSide(db: TabsmithDB, workspaceId: string, id: string): Promise<Side> {
  const { files } = await resolveFiles(db, workspaceId, id);
  return { files, read: fromBlobs(db, workspaceId) };
}

export function assertOpen(store: WorkspaceStore | undefined, workspaceId: string): WorkspaceStore {
  if (!store) throw new WorkspaceError('bad-path', 'Comparing with the live workspace needs the open workspace.');
  if (store.getSnapshot().meta.id !== workspaceId) throw new WorkspaceError('bad-path', 'The open workspace is not the one this checkpoint belongs to.');
  return store;
}

export async function liveSide(db: TabsmithDB, store: WorkspaceStore, workspaceId: string, session: WorkspaceSession): Promise<Side> {
  const live = await readLive(db, store, workspaceId, session);
  return {
    files: live.files,
    read: async (entries) => {
      const out = new Map<string, FileContent>();
      await Promise.all(
        entries.map(async ([path]) => {
          const content = await storedContent(db, workspaceId, path, live.records);
          if (content !== null) out.set(path, content);
        }),
      );
      return out;
    },
  };
}

export async function diffSides(from: Side, to: Side): Promise<FileChange[]> {
  const paths = [...new Set([...from.files.keys(), ...to.files.keys()])].sort();
  const changed = paths.filter((path) => from.files.get(path)?.[1] !== to.files.get(path)?.[1]);
  const pick = (side: Side) => changed.map((path) => side.files.get(path)).filter((entry): entry is ManifestEntry => entry !== undefined);
  const [beforeContents, afterContents] = await Promise.all([from.read(pick(from)), to.read(pick(to))]);
  const changes: FileChange[] = [];
  const pairs: { change: FileChange; before: string; after: string }[] = [];
  for (const path of changed) {
    const inFrom = from.files.has(path);
    const inTo = to.files.has(path);
    const oldContent = beforeContents.get(path);
    const newContent = afterContents.get(path);
    const before = oldContent === undefined ? null : textOf(oldContent);
    const after = newContent === undefined ? null : textOf(newContent);
    const binary = (inFrom && before === null) || (inTo && after === null);
    const change: FileChange = {
      path,
      status: !inFrom ? 'added' : !inTo ? 'deleted' : 'modified',
      binary,
      additions: 0,
      deletions: 0,
      before: binary ? null : before,
      after: binary ? null : after,
    };
    changes.push(change);
    if (!binary) pairs.push({ change, before: before ?? '', after: after ?? '' });
  }
  const counts = await countAll(pairs);
  pairs.forEach(({ change }, index) => {
    change.additions = counts[index]?.additions ?? 0;
    change.deletions = counts[index]?.deletions ?? 0;
  });
  return changes;
}
