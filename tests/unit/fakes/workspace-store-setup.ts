import { expect } from 'vitest';
import { createWorkspaceStore, WorkspaceError, type PersistedState, type WorkspaceStore } from '@/lib/workspace';
import { createMemoryRuntime, RecordingSink, type MemoryRuntime } from './memory-runtime';

/** A saved workspace state with nothing open, overridable per test. */
export function state(overrides: Partial<PersistedState> = {}): PersistedState {
  return {
    meta: { id: 'w1', name: 'Test', createdAt: 1, updatedAt: 1 },
    openPaths: [],
    activePath: null,
    locks: [],
    facts: { lastCommand: null, serverRunning: false, ports: [], installedPackages: [] },
    ...overrides,
  };
}

export interface StoreSetup {
  store: WorkspaceStore;
  runtime: MemoryRuntime;
  sink: RecordingSink;
}

/** A store over an in-memory runtime holding `files`, persisting into a RecordingSink. */
export async function setupStore(files: Record<string, string | Uint8Array>, overrides: Partial<PersistedState> = {}, readOnly = false): Promise<StoreSetup> {
  const runtime = await createMemoryRuntime(files);
  const sink = new RecordingSink();
  const store = await createWorkspaceStore({ runtime, persistence: sink, state: state(overrides), readOnly });
  return { store, runtime, sink };
}

export const tab = (store: WorkspaceStore, path: string) => store.getSnapshot().openFiles.find((t) => t.path === path);

/** Expects the action (or promise) to fail with a WorkspaceError of this code, and a message matching `text`. */
export async function expectError(action: Promise<unknown> | (() => unknown), code: WorkspaceError['code'], text?: RegExp) {
  let caught: unknown;
  try {
    await (typeof action === 'function' ? action() : action);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(WorkspaceError);
  expect((caught as WorkspaceError).code).toBe(code);
  if (text) expect((caught as WorkspaceError).message).toMatch(text);
}
