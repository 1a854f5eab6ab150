'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { requestCommand } from '@/lib/commands/bus';
import { downloadWorkspaceZip } from '@/lib/commands/export';
import { focusComposerOnOpen } from '@/lib/commands/focus-on-open';
import { focusRegion, nextRegion, REGIONS, regionElement, regionOf, revealRequest, type RegionName } from '@/lib/commands/regions';
import { commandForKey, type Command, type CommandContext, type CommandView } from '@/lib/commands/registry';
import { errorMessage } from '@/lib/error-message';
import type { Runtime } from '@/lib/runtime/port';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { findPreviewFrame } from '@/components/preview/PreviewPanel';
import { QuickOpenDialog } from '@/components/quick-open/QuickOpenDialog';
import { bridgeKeySchema } from '@/lib/computer-use/types';
import { CommandPalette } from './CommandPalette';
import { modalOpen, rememberFocus, returnFocusAfterDialogs } from '../../lib/commands/focus-return';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useCommandHandler } from './useCommandHandler';
import { SettingsDialog } from '@/components/settings/SettingsDialog';
import styles from './commands.module.css';

interface CommandCenterProps {
  store: WorkspaceStore;
  runtime: Runtime;
  runInTerminal(command: string): void;
}

/**
 * The one place key presses become commands (capture phase, so the terminal and the editor do not swallow
 * them), and the views they open: the command palette, the keyboard shortcuts list and quick open.
 */
/**
 * Focuses a region, first showing its pane when it is hidden (a hidden pane is inert until its layout
 * shows it again, a frame or two later).
 */
function focusShown(region: RegionName): void {
  if (!regionElement(region)?.inert) {
    focusRegion(region);
    return;
  }
  if (!requestCommand(revealRequest(region))) return;
  let frames = 0;
  const attempt = () => {
    if (!focusRegion(region) && ++frames < 20) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

export function CommandCenter({ store, runtime, runInTerminal }: CommandCenterProps) {
  const [view, setView] = useState<CommandView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const restore = useRef<(() => void) | null>(null);
  const beforeTerminal = useRef<HTMLElement | null>(null);

  const ctx = useMemo<CommandContext>(() => {
    const context: CommandContext = {
      store,
      runtime,
      runInTerminal,
      show(next) {
        restore.current ??= rememberFocus();
        setView(next);
      },
      focusRegion: (region) => void focusShown(region),
      cycleRegion(step) {
        let region = regionOf(document.activeElement);
        for (let tries = 0; tries < REGIONS.length; tries++) {
          region = nextRegion(region, step);
          if (focusRegion(region)) return;
        }
      },
      toggleTerminal() {
        const active = document.activeElement;
        if (regionOf(active) !== 'Terminal') {
          beforeTerminal.current = active instanceof HTMLElement && active !== document.body ? active : null;
          focusShown('Terminal');
        } else if (beforeTerminal.current?.isConnected) {
          beforeTerminal.current.focus();
        } else {
          focusRegion('Editor');
        }
      },
      request: requestCommand,
      press(region, name) {
        const button = Array.from(regionElement(region)?.querySelectorAll('button') ?? []).find(
          (b) => !b.disabled && (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
        );
        button?.click();
        return button !== undefined;
      },
      exportZip: () => downloadWorkspaceZip(store),
      reload: () => window.location.reload(),
    };
    return context;
  }, [store, runtime, runInTerminal]);

  const run = (command: Command) => {
    const report = (message: string) => setNotice(message);
    try {
      const result = command.run(ctx);
      if (result === false) report(`${command.label}: not available now (its pane is not showing).`);
      else if (result instanceof Promise) result.catch((error: unknown) => report(`${command.label} failed: ${errorMessage(error)}`));
    } catch (error) {
      report(`${command.label} failed: ${errorMessage(error)}`);
    }
  };
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });

  // Once per workspace: the caret starts in the agent's message box rather than nowhere.
  useEffect(() => focusComposerOnOpen(), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandForKey(event);
      if (!command) return;
      // Never the browser's own meaning (print, save page, help), even while a dialog holds the keyboard.
      event.preventDefault();
      event.stopPropagation();
      if (!modalOpen()) runRef.current(command);
    };
    // F6 pressed inside the preview page never reaches this window; the preview bridge posts it instead. The
    // page's own code can post the same message, so it counts only while the preview holds keyboard focus
    // (where a person's F6 could have come from): a page cannot pull focus out of the editor by posting.
    const onMessage = (event: MessageEvent) => {
      const frame = findPreviewFrame();
      if (event.source === null || event.source !== frame?.contentWindow || document.activeElement !== frame) return;
      const key = bridgeKeySchema.safeParse(event.data);
      if (!key.success) return;
      const command = commandForKey({ code: key.data.code, shiftKey: key.data.shiftKey, ctrlKey: false, metaKey: false, altKey: false });
      if (command && !modalOpen()) runRef.current(command);
    };
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('message', onMessage);
    const stopReturning = returnFocusAfterDialogs();
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('message', onMessage);
      stopReturning();
    };
  }, []);

  // The top bar's Settings button asks through the command bus: the view's state lives here.
  useCommandHandler('workbench.settings', () => ctx.show('settings'));

  const close = () => {
    // The modal leaves the page now, not at React's next render: until it does, everything outside it is
    // inert, and focus moved there in the meantime (quick open into the editor, focus given back) is lost.
    flushSync(() => setView(null));
    restore.current?.();
    restore.current = null;
  };

  return (
    <>
      {view === 'palette' && (
        <CommandPalette
          onClose={close}
          onRun={(command) => {
            close();
            // After focus is back where it was, so a command that moves focus has the last word.
            requestAnimationFrame(() => requestAnimationFrame(() => runRef.current(command)));
          }}
        />
      )}
      {view === 'shortcuts' && <ShortcutsDialog onClose={close} />}
      {view === 'quick-open' && <QuickOpenDialog store={store} onClose={close} />}
      {view === 'settings' && <SettingsDialog onClose={close} store={store} />}
      <div role="status" aria-live="polite" className={notice ? styles.notice : styles.noticeEmpty} onAnimationEnd={() => setNotice(null)}>
        {notice}
      </div>
    </>
  );
}
