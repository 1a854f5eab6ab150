'use client';

import { useEffect, useState } from 'react';
import type { FramedRuntimeHealth } from '@/lib/runtime/isolated/ide-side/framed-runtime';
import type { Runtime } from '@/lib/runtime/port';

interface HealthSource {
  onHealth?(listener: (health: FramedRuntimeHealth) => void): () => void;
}

/**
 * Says so when the runtime stops answering (a busy loop in the user's code): the IDE itself keeps working, and
 * "Stop it" ends the command, replacing the runtime if the command never yields.
 */
export function RuntimeHealthNotice({ runtime }: { runtime: Runtime }) {
  const [health, setHealth] = useState<FramedRuntimeHealth | null>(null);
  useEffect(() => (runtime as HealthSource).onHealth?.((next) => setHealth(next.responsive ? null : next)), [runtime]);
  if (!health) return null;
  const seconds = Math.round(health.silentMs / 1000);
  return (
    <div role="alert" style={{ padding: '4px 8px', background: '#4a3b12', color: '#fff', display: 'flex', gap: 8, alignItems: 'center' }}>
      <span>
        The runtime has not responded for {seconds} s
        {health.command ? (
          <>
            {' '}
            (running <code>{health.command}</code>)
          </>
        ) : null}
        . The IDE is not affected.
      </span>
      <button type="button" onClick={() => void runtime.killAll().catch(() => undefined)}>
        Stop it
      </button>
    </div>
  );
}
