'use client';

import { RuntimeProvider } from '@/components/runtime/RuntimeContext';
import { useRuntimeBoot, type RuntimeBootState } from '@/components/runtime/useRuntimeBoot';
import { StatusBar } from '@/components/status/StatusBar';
import { ReadOnlyBanner } from '@/components/workspaces/ReadOnlyBanner';
import { useWorkspaceSession, type WorkspaceSession } from '@/components/workspaces/useWorkspaceSession';
import { WorkspaceLauncher } from '@/components/workspaces/WorkspaceLauncher';
import { WorkspaceLockDialog } from '@/components/workspaces/WorkspaceLockDialog';
import { IdeLayout } from './IdeLayout';
import { IsolationWarning } from './IsolationWarning';
import { useWorkspaceStartup } from './useWorkspaceStartup';
import styles from './workbench.module.css';

/**
 * The IDE page: boots the runtime, opens the workspace named in the URL (or shows the launcher), and lays
 * out the panes once both are there.
 */
export default function Workbench() {
  const { state, switchToOffline } = useRuntimeBoot();
  const runtime = state.phase === 'ready' ? state.runtime : null;
  const session = useWorkspaceSession(runtime);

  return (
    <div className={styles.app}>
      <IsolationWarning />
      {state.phase === 'failed' && <BootFailure state={state} onSwitch={switchToOffline} />}
      <RuntimeProvider value={runtime}>
        {session.phase === 'choose' ? (
          <WorkspaceLauncher />
        ) : (
          // Keyed by store: a new store (read-only → take over) gets fresh terminals with its history.
          <OpenWorkspace key={session.store ? 'ready' : 'waiting'} session={session} waiting={waitingText(state, session)} />
        )}
      </RuntimeProvider>
      <StatusBar state={state} />
    </div>
  );
}

function OpenWorkspace({ session, waiting }: { session: WorkspaceSession; waiting: string }) {
  const store = session.store;
  const terminalRequests = useWorkspaceStartup(store, session.needsInstall);
  return (
    <>
      {store && <ReadOnlyBanner store={store} reason={session.readOnlyReason} onTakeOver={session.takeOver} />}
      {session.phase === 'locked' && (
        <WorkspaceLockDialog name={session.name} onOpenReadOnly={session.openReadOnly} onTakeOver={session.takeOver} />
      )}
      {session.phase === 'error' && (
        <div role="alert" className={styles.bootFailed}>
          <p>{session.error}</p>
        </div>
      )}
      <IdeLayout store={store ?? null} terminalRequests={store ? terminalRequests : null} waiting={waiting} />
    </>
  );
}

function waitingText(state: RuntimeBootState, session: WorkspaceSession): string {
  if (state.phase === 'booting') return state.detail;
  if (state.phase === 'failed') return 'No runtime is running.';
  if (session.phase === 'opening') return 'Opening the workspace…';
  if (session.phase === 'error') return 'The workspace could not be opened.';
  return 'Waiting for the workspace…';
}

/** Shown once, above the panes: why the runtime did not start and the way out. */
function BootFailure({ state, onSwitch }: { state: Extract<RuntimeBootState, { phase: 'failed' }>; onSwitch: () => void }) {
  return (
    <div role="alert" className={styles.bootFailed}>
      <p>{state.message}</p>
      {state.canSwitchToOffline && (
        <button type="button" onClick={onSwitch}>
          Switch to the offline runtime
        </button>
      )}
    </div>
  );
}
