'use client';

import { useState } from 'react';
import { useModalDialog } from '@/components/ui/useModalDialog';
import { readStoredRuntime, writeStoredRuntime, runtimeChoiceSchema } from '@/lib/runtime/choice';
import { FONT_SIZES, TAB_WIDTHS, themeSchema, type Settings } from '@/lib/settings/schema';
import { updateSettings } from '@/lib/settings/settings-store';
import { THEMES } from '@/lib/ui/color-scheme';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { AgentSettings } from './AgentSettings';
import { GitTokenSettings } from './GitTokenSettings';
import { ApprovalSettingsSection } from './ApprovalSettings';
import { useModelOptions, useSettings } from './useSettings';
import styles from './settings.module.css';
import controls from '../ui/controls.module.css';

const THEME_LABELS = { system: 'Same as the system', light: 'Light', dark: 'Dark' } as const;
const RUNTIME_LABELS = {
  auto: 'Automatic (WebContainer, else offline)',
  webcontainer: 'WebContainer',
  offline: 'Offline (runs without stackblitz.com)',
} as const;

/**
 * Settings, applied and stored as they change (IndexedDB; nothing waits for a Save button): the agent's model per
 * mode and the user's own keys, the open workspace's approvals, git tokens, the theme, the editor's font size and tab width, and the runtime.
 */
export function SettingsDialog({ onClose, store }: { onClose(): void; /** The open workspace, for its own settings. */ store?: WorkspaceStore }) {
  const { ref: dialogRef, onCancel } = useModalDialog(onClose);
  const settings = useSettings();
  const options = useModelOptions();

  return (
    <dialog ref={dialogRef} aria-labelledby="settings-title" className={styles.dialog} onCancel={onCancel}>
      <div className={styles.header}>
        <h2 id="settings-title" className={styles.title}>
          Settings
        </h2>
        <button type="button" className={styles.button} onClick={onClose} autoFocus>
          Close
        </button>
      </div>
      <div className={styles.body}>
        <section aria-labelledby="settings-agent" className={styles.section}>
          <h3 id="settings-agent">Agent</h3>
          {options.status === 'loading' && (
            <p role="status" className={styles.hint}>
              Loading the models this server offers…
            </p>
          )}
          {options.status === 'error' && (
            <p role="alert" className={styles.error}>
              {options.error}{' '}
              <button type="button" className={styles.button} onClick={options.retry}>
                Try again
              </button>
            </p>
          )}
          {options.status === 'ready' && <AgentSettings settings={settings} options={options.options} />}
        </section>
        {store && <ApprovalSettingsSection store={store} />}
        <GitTokenSettings settings={settings} />
        <AppearanceSettings settings={settings} />
        <RuntimeSetting />
      </div>
    </dialog>
  );
}

function AppearanceSettings({ settings }: { settings: Settings }) {
  return (
    <section aria-labelledby="settings-appearance" className={styles.section}>
      <h3 id="settings-appearance">Appearance and editor</h3>
      <fieldset className={styles.group}>
        <legend>Theme</legend>
        {THEMES.map((theme) => (
          <label key={theme} className={styles.radio}>
            <input
              type="radio"
              name="settings-theme"
              value={theme}
              checked={settings.theme === theme}
              onChange={() => void updateSettings({ theme: themeSchema.parse(theme) })}
            />
            {THEME_LABELS[theme]}
          </label>
        ))}
      </fieldset>
      <div className={styles.row}>
        <label className={styles.label}>
          Editor font size (px)
          <input
            className={controls.field}
            type="number"
            min={FONT_SIZES.min}
            max={FONT_SIZES.max}
            value={settings.editorFontSize}
            onChange={(e) => {
              const size = Number(e.target.value);
              // Typing "1" on the way to "16" is not an error: only whole sizes in range are applied.
              if (Number.isInteger(size) && size >= FONT_SIZES.min && size <= FONT_SIZES.max) void updateSettings({ editorFontSize: size });
            }}
          />
        </label>
        <label className={styles.label}>
          Tab width
          <select
            className={controls.field}
            value={settings.tabWidth}
            onChange={(e) => void updateSettings({ tabWidth: Number(e.target.value) as Settings['tabWidth'] })}
          >
            {TAB_WIDTHS.map((width) => (
              <option key={width} value={width}>{`${width} spaces`}</option>
            ))}
          </select>
        </label>
      </div>
    </section>
  );
}

/** The runtime boots once per page: a new choice is stored and applies when the IDE reloads. */
function RuntimeSetting() {
  const [stored, setStored] = useState(readStoredRuntime);
  const [changed, setChanged] = useState(false);
  return (
    <section aria-labelledby="settings-runtime" className={styles.section}>
      <h3 id="settings-runtime">Runtime</h3>
      <label className={styles.label}>
        Runtime for workspaces
        <select
          className={controls.field}
          value={stored}
          onChange={(e) => {
            const choice = runtimeChoiceSchema.parse(e.target.value);
            writeStoredRuntime(choice);
            setStored(choice);
            setChanged(true);
          }}
        >
          {runtimeChoiceSchema.options.map((choice) => (
            <option key={choice} value={choice}>
              {RUNTIME_LABELS[choice]}
            </option>
          ))}
        </select>
      </label>
      {changed && (
        <p role="status" className={styles.hint}>
          Applies when the IDE reloads.{' '}
          <button type="button" className={styles.button} onClick={() => window.location.reload()}>
            Reload now
          </button>
        </p>
      )}
    </section>
  );
}
