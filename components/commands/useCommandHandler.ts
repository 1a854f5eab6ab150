'use client';

import { useEffect, useRef } from 'react';
import { onCommandRequest } from '@/lib/commands/bus';
import type { CommandId } from '@/lib/commands/registry';

/** Carries out the command `id` here while this component is mounted (palette, shortcut, or any other asker). */
export function useCommandHandler(id: CommandId, handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onCommandRequest(id, () => latest.current()), [id]);
}
