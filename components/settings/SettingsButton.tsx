'use client';

import { requestCommand } from '@/lib/commands/bus';
import { commandTitle } from '@/lib/commands/registry';

/** The top bar's way into Settings (also Ctrl+, and the command palette). */
export function SettingsButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      className={className}
      aria-label="Settings"
      title={commandTitle('workbench.settings', 'Settings')}
      onClick={() => requestCommand('workbench.settings')}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.3">
        <circle cx="8" cy="8" r="2.2" />
        <path d="M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4" />
      </svg>
    </button>
  );
}
