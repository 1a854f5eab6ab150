'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { WorkspaceStore } from '@/lib/workspace/types';

const OpenWorkspaceContext = createContext<WorkspaceStore | null>(null);

/** The workspace open in this page, for parts of the layout that are not handed it as a prop (the top bar). */
export function OpenWorkspaceProvider({ store, children }: { store: WorkspaceStore; children: ReactNode }) {
  return <OpenWorkspaceContext.Provider value={store}>{children}</OpenWorkspaceContext.Provider>;
}

/** Null while the workspace is still opening (the waiting layout). */
export function useOpenWorkspace(): WorkspaceStore | null {
  return useContext(OpenWorkspaceContext);
}
