import { describe, expect, it } from 'vitest';
import { KILL_WAIT_MS } from '@/worker/processes';
import { clientTimeoutGraceMs, executorBackstopGraceMs, toolTimeoutMs } from '@/lib/agent/tool-timeouts';

describe('tool time limits', () => {
  it("uses run_sh's own timeoutMs, and at least two minutes for installs", () => {
    expect(toolTimeoutMs('run_sh', { cmd: 'x', timeoutMs: 3000 })).toBe(3000);
    expect(toolTimeoutMs('install_npm', { packages: ['a'] }, 30_000)).toBeGreaterThanOrEqual(120_000);
  });

  it('gives a command room to be killed and its runtime replaced before the executor or the client gives up', () => {
    for (const name of ['run_sh', 'install_npm', 'test_run']) {
      expect(executorBackstopGraceMs(name)).toBeGreaterThan(KILL_WAIT_MS + 2_000);
      expect(clientTimeoutGraceMs(name)).toBeGreaterThan(executorBackstopGraceMs(name));
    }
  });

  it('keeps other tools quick to report a dead executor', () => {
    expect(clientTimeoutGraceMs('fs_readFile')).toBeLessThanOrEqual(3_000);
  });
});
