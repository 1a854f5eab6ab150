/** A Runtime over a VirtualFS with the offline adapter's real fs and nothing else (processes are not modelled). */
import type { VirtualFS } from 'almostnode';
import { createOfflineFs } from '@/lib/runtime-frame/offline/fs';
import type { Runtime } from '@/lib/runtime/port';

export function offlineRuntime(vfs: VirtualFS): Runtime {
  const none = () => () => undefined;
  return {
    kind: 'offline',
    fs: createOfflineFs(vfs),
    spawn: () => Promise.reject(new Error('not modelled')),
    shell: () => Promise.reject(new Error('not modelled')),
    processes: () => [],
    killAll: async () => undefined,
    onPort: none,
    onServerReady: none,
    onPreviewError: none,
    onProcessExit: none,
    export: async () => ({}),
    dispose: () => undefined,
  };
}
