/**
 * The fact "the user restored checkpoint X" waits here until the next request to the agent carries it, once:
 * the agent should know its earlier edits were undone, but not be told again on every later step.
 */
import type { WorkspaceState } from '@/lib/agent/messages';

type RestoredCheckpoint = NonNullable<WorkspaceState['restoredCheckpoint']>;

const waiting = new Map<string, RestoredCheckpoint>();

export function noteRestored(workspaceId: string, label: string, at = Date.now()): void {
  waiting.set(workspaceId, { label: label.slice(0, 500), at });
}

/** The waiting fact for the workspace, if any; taking it clears it. */
export function takeRestoredNote(workspaceId: string): RestoredCheckpoint | null {
  const note = waiting.get(workspaceId) ?? null;
  waiting.delete(workspaceId);
  return note;
}
