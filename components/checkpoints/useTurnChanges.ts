'use client';

import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { diffCheckpoints, type FileChange } from '@/lib/workspace/checkpoints';
import type { WorkspaceStore } from '@/lib/workspace/types';
import type { Turn } from '../../lib/workspace/checkpoints/turns';

interface TurnChanges {
  changes: FileChange[] | null;
  error: string | null;
}

/** The files a turn changed; re-read when `version` bumps (a run ended, a restore) for a turn measured against live. */
export function useTurnChanges(workspaceId: string, store: WorkspaceStore | null, turn: Turn | undefined, version: number, enabled = true): TurnChanges {
  const [state, setState] = useState<TurnChanges>({ changes: null, error: null });
  const from = turn?.from.id;
  const to = turn?.to;
  const liveVersion = to === 'live' ? version : 0;
  useEffect(() => {
    if (!enabled || !store || from === undefined || to === undefined) return;
    let cancelled = false;
    diffCheckpoints(workspaceId, from, to, store).then(
      (changes) => !cancelled && setState({ changes, error: null }),
      (e: unknown) => !cancelled && setState({ changes: null, error: errorMessage(e) }),
    );
    return () => {
      cancelled = true;
    };
  }, [workspaceId, store, from, to, liveVersion, enabled]);
  return state;
}

function changeTotals(changes: readonly FileChange[]): { files: number; additions: number; deletions: number } {
  return changes.reduce((sum, change) => ({ files: sum.files + 1, additions: sum.additions + change.additions, deletions: sum.deletions + change.deletions }), {
    files: 0,
    additions: 0,
    deletions: 0,
  });
}

export function summaryText(changes: readonly FileChange[]): string {
  const { files, additions, deletions } = changeTotals(changes);
  return `${files} file${files === 1 ? '' : 's'} changed, +${additions} −${deletions}`;
}
