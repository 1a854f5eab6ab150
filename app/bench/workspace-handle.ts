/**
 * The workspace modules the bench cases (bench/cases/workspace-*.mjs) drive from page.evaluate. Exposed on
 * window only on /bench; the IDE itself never reads this.
 */
import { diffCheckpoints, exportHistory, listCheckpoints, restoreCheckpoint, setCheckpointDatabase, takeCheckpoint } from '@/lib/workspace/checkpoints';
import { checkpointFootprint } from '@/lib/workspace/checkpoints/footprint';
import { openDatabase, subtreeRange } from '@/lib/workspace/db';
import { acquireWorkspaceLock } from '@/lib/workspace/locks';
import { openWorkspace } from '@/lib/workspace/open';
import { createPersistence, loadFiles, loadWorkspace } from '@/lib/workspace/persistence';
import { createWorkspace, deleteWorkspace } from '@/lib/workspace/workspaces';
import { exportZip, importZip } from '@/lib/workspace/zip';

export const workspaceBench = {
  openDatabase,
  subtreeRange,
  acquireWorkspaceLock,
  openWorkspace,
  createPersistence,
  loadWorkspace,
  loadFiles,
  createWorkspace,
  deleteWorkspace,
  exportZip,
  importZip,
  checkpoints: { takeCheckpoint, listCheckpoints, diffCheckpoints, restoreCheckpoint, exportHistory, setCheckpointDatabase, checkpointFootprint },
};

export type WorkspaceBench = typeof workspaceBench;
