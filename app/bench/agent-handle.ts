/**
 * The agent executor and tool client for bench/cases/agent-executor.mjs and the Chromium checks: start an
 * executor on the booted runtime (with a store that persists nothing) and a client on the same tab id.
 * Exposed on window only on /bench; the IDE itself never reads this.
 */
import type { AuditEntry } from '@/lib/agent/audit';
import { createToolClient } from '@/lib/agent/tool-client';
import type { Runtime, RuntimeProcess } from '@/lib/runtime/port';
import { createWorkspaceStore } from '@/lib/workspace/store';
import type { PersistenceSink } from '@/lib/workspace/types';
import { startExecutor } from '@/worker/executor';

const noPersistence: PersistenceSink = {
  putFile: () => undefined,
  deletePath: () => undefined,
  putState: () => undefined,
  flush: async () => undefined,
  onError: () => () => undefined,
};

async function startAgent(runtime: Runtime) {
  const tabId = crypto.randomUUID();
  const store = await createWorkspaceStore({
    runtime,
    persistence: noPersistence,
    state: {
      meta: { id: 'bench', name: 'bench', createdAt: Date.now(), updatedAt: Date.now() },
      openPaths: [],
      activePath: null,
      locks: [],
      facts: { lastCommand: null, serverRunning: false, ports: [], installedPackages: [] },
    },
  });
  const audits: AuditEntry[] = [];
  const background: { cmd: string; output: string; process: RuntimeProcess }[] = [];
  const executor = startExecutor({
    tabId,
    runtime,
    store,
    audit: (entry) => void audits.push(entry),
    onBackgroundProcess: (process, cmd) => {
      // Stands in for the "Agent" terminal tab: keeps reading what the process prints.
      const shown = { cmd, output: '', process };
      background.push(shown);
      void process.output.pipeTo(new WritableStream({ write: (chunk) => void (shown.output += chunk) })).catch(() => undefined);
    },
  });
  const client = createToolClient({ tabId });
  return {
    tabId,
    store,
    executor,
    client,
    audits,
    background,
    stop() {
      client.close();
      executor.stop();
      store.dispose();
    },
  };
}

export const agentBench = { startAgent };
export type AgentBench = typeof agentBench;
