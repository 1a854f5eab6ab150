'use client';

import { createContext, useContext } from 'react';
import type { Runtime } from '@/lib/runtime/port';

const RuntimeContext = createContext<Runtime | null>(null);

export const RuntimeProvider = RuntimeContext.Provider;

/** The live runtime; only rendered below a booted runtime, so it is never null for callers. */
export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime() used outside a booted runtime');
  return runtime;
}
