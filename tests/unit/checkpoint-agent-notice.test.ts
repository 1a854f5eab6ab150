import { describe, expect, it } from 'vitest';
import { noteRestored, takeRestoredNote } from '@/lib/workspace/checkpoints/restore-notice';
import { workspaceStateSchema } from '@/lib/agent/messages';
import { renderWorkspaceSummary } from '@/lib/agent/server/system-prompt';

describe('the agent hears about a restore once', () => {
  it('hands the restored checkpoint to the next request only', () => {
    noteRestored('w1', 'Known good', 1_700_000_000_000);
    expect(takeRestoredNote('w2')).toBeNull();
    expect(takeRestoredNote('w1')).toEqual({ label: 'Known good', at: 1_700_000_000_000 });
    expect(takeRestoredNote('w1')).toBeNull();
  });

  it('says so in the workspace summary of the system prompt', () => {
    const state = workspaceStateSchema.parse({ files: ['a.js'], restoredCheckpoint: { label: 'Known good', at: 1_700_000_000_000 } });
    expect(renderWorkspaceSummary(state)).toContain('The user restored checkpoint "Known good"');
    expect(renderWorkspaceSummary(workspaceStateSchema.parse({ files: ['a.js'] }))).not.toContain('restored checkpoint');
  });
});
