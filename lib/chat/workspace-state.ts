/**
 * What the chat tells the route about the workspace: names and facts from the store's snapshot, never file
 * contents. Bounded by the same limits the route validates, so a huge workspace cannot make the body invalid.
 */
import { takeRestoredNote } from '@/lib/workspace/checkpoints/restore-notice';
import type { WorkspaceState } from '@/lib/agent/messages';
import type { WorkspaceSnapshot } from '@/lib/workspace/types';

const MAX_FILES = 20_000;
const MAX_PACKAGES = 2000;
const MAX_PORTS = 100;

export function workspaceStateFrom(snapshot: WorkspaceSnapshot): WorkspaceState {
  const { facts } = snapshot;
  return {
    // Tool paths are workspace-relative ("src/App.jsx"); the store's paths are "/"-rooted.
    files: snapshot.files.slice(0, MAX_FILES).map((path) => path.replace(/^\/+/, '')),
    lastCommand: facts.lastCommand === null ? null : facts.lastCommand.slice(0, 4000),
    serverRunning: facts.serverRunning,
    openPorts: facts.ports.filter((port) => Number.isInteger(port) && port >= 1 && port <= 65535).slice(0, MAX_PORTS),
    installedPackages: facts.installedPackages.slice(0, MAX_PACKAGES),
    restoredCheckpoint: takeRestoredNote(snapshot.meta.id),
  };
}
