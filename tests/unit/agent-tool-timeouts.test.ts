import { describe, expect, it } from 'vitest';
import { KILL_WAIT_MS } from '@/worker/processes';
import { TOOL_DEFINITIONS } from '@/lib/agent/tool-schemas';
import { clientDeadlineMs, executorDeadlineMs, STOP_GRACE_MS, toolTimeoutMs } from '@/lib/agent/tool-timeouts';

describe('tool time limits', () => {
  it("uses run_sh's own timeoutMs, and the definition's limit for installs and preview checks", () => {
    expect(toolTimeoutMs('run_sh', { cmd: 'x', timeoutMs: 3000 })).toBe(3000);
    expect(toolTimeoutMs('install_npm', { packages: ['a'] }, 30_000)).toBe(TOOL_DEFINITIONS.install_npm.timeoutMs);
    expect(toolTimeoutMs('preview_check', { instructions: 'x' })).toBe(TOOL_DEFINITIONS.preview_check.timeoutMs);
    expect(toolTimeoutMs('fs_readFile', { path: 'a' }, 5_000)).toBe(5_000);
  });

  it('gives an aborted command room to be killed before the executor answers, and the client waits for that answer', () => {
    expect(STOP_GRACE_MS).toBeGreaterThan(KILL_WAIT_MS);
    expect(executorDeadlineMs(30_000)).toBe(30_000 + STOP_GRACE_MS);
    expect(clientDeadlineMs(30_000)).toBeGreaterThan(executorDeadlineMs(30_000));
    // One deadline: the client's is the executor's plus delivery, nothing tool-specific.
    expect(clientDeadlineMs(30_000) - executorDeadlineMs(30_000)).toBe(clientDeadlineMs(1_000) - executorDeadlineMs(1_000));
  });
});
