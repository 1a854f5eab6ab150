/**
 * The first checkpoint after a reload: the tab's memory of file hashes is gone, and the newest checkpoint's file
 * list stands in for it, for the files written before that list was read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diffCheckpoints, takeCheckpoint } from '@/lib/workspace/checkpoints';
import { forgetWorkspace } from '@/lib/workspace/checkpoints/session';
import { openCheckpointWorkspace, shellWrite, type CheckpointSetup } from './checkpoint-setup';

let setup: CheckpointSetup | null = null;
afterEach(() => {
  setup?.dispose();
  setup = null;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const files = { '/package.json': '{"name":"app"}\n', '/src/a.js': 'a\n', '/src/b.js': 'b\n', '/logo.png': new Uint8Array([137, 80, 78, 71, 0, 1, 2]) };
const start = new Date('2026-01-01T00:00:00Z').getTime();

describe('the first checkpoint after a reload', () => {
  it('hashes only the files written since the last checkpoint', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    setup = await openCheckpointWorkspace(files);
    vi.setSystemTime(start + 10);
    const one = await takeCheckpoint(setup.store, { kind: 'turn', label: 'Turn 1' });
    forgetWorkspace(setup.workspaceId);
    vi.setSystemTime(start + 20);
    await shellWrite(setup, '/src/b.js', 'b2\n');
    vi.setSystemTime(start + 30);
    const digest = vi.spyOn(crypto.subtle, 'digest');
    const two = await takeCheckpoint(setup.store, { kind: 'turn', label: 'Turn 2' });
    expect(digest).toHaveBeenCalledTimes(1);
    const changes = await diffCheckpoints(setup.workspaceId, one.id, two.id);
    expect(changes.map((change) => [change.path, change.before, change.after])).toEqual([['/src/b.js', 'b\n', 'b2\n']]);
  });

  it('hashes again a file rewritten at the same size in the millisecond the last checkpoint read it', async () => {
    // The clock stands still: the write, the checkpoint, the reload and the rewrite share one millisecond.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    setup = await openCheckpointWorkspace(files);
    await shellWrite(setup, '/src/a.js', 'version 1\n');
    const one = await takeCheckpoint(setup.store, { kind: 'turn', label: 'Turn 1' });
    forgetWorkspace(setup.workspaceId);
    await shellWrite(setup, '/src/a.js', 'version 2\n');
    const two = await takeCheckpoint(setup.store, { kind: 'turn', label: 'Turn 2' });
    const changes = await diffCheckpoints(setup.workspaceId, one.id, two.id);
    expect(changes.map((change) => [change.path, change.before, change.after])).toEqual([['/src/a.js', 'version 1\n', 'version 2\n']]);
  });
});
