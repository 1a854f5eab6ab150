'use client';

import { RuntimeProvider } from '@/components/runtime/RuntimeContext';
import { useRuntimeBoot, type RuntimeBootState } from '@/components/runtime/useRuntimeBoot';
import { StatusBar } from '@/components/status/StatusBar';
import { ReadOnlyBanner } from '@/components/workspaces/ReadOnlyBanner';
import { useWorkspaceSession, type WorkspaceSession } from '@/components/workspaces/useWorkspaceSession';
import { templateOptions } from '@/lib/workspace/launcher/template-options';
import { WorkspaceLauncher } from '@/components/workspaces/WorkspaceLauncher';
import { WorkspaceLockDialog } from '@/components/workspaces/WorkspaceLockDialog';
import type { Runtime } from '@/lib/runtime/port';
import { TEMPLATES } from '@/lib/workspace/templates';
import { WaitingLayout } from './IdeLayout';
import { IsolationWarning } from './IsolationWarning';
import { GitTokenApproval } from '@/components/git/GitTokenApproval';
import { ReadyWorkspace } from './ReadyWorkspace';
import { RuntimeErrorNotice } from './RuntimeErrorNotice';
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
      <RuntimeErrorNotice runtime={runtime} />
      <RuntimeProvider value={runtime}>
        {session.phase === 'choose' ? (
          <WorkspaceLauncher templates={templateOptions(TEMPLATES)} />
        ) : (
          <OpenWorkspace session={session} runtime={runtime} waiting={waitingText(state, session)} />
        )}
      </RuntimeProvider>
      <StatusBar state={state} store={session.store} />
      <GitTokenApproval />
    </div>
  );
}

function OpenWorkspace({ session, runtime, waiting }: { session: WorkspaceSession; runtime: Runtime | null; waiting: string }) {
  const store = session.store;
  return (
    <>
      {store && <ReadOnlyBanner store={store} reason={session.readOnlyReason} onTakeOver={session.takeOver} />}
      {session.phase === 'locked' && <WorkspaceLockDialog name={session.name} onOpenReadOnly={session.openReadOnly} onTakeOver={session.takeOver} />}
      {session.phase === 'error' && (
        <div role="alert" className={styles.bootFailed}>
          <p>{session.error}</p>
        </div>
      )}
      {store && runtime ? (
        // Keyed by workspace, not store: taking a read-only workspace over swaps the store but keeps terminals.
        <ReadyWorkspace key={store.getSnapshot().meta.id} runtime={runtime} store={store} needsInstall={session.needsInstall} />
      ) : (
        <WaitingLayout text={waiting} />
      )}
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
