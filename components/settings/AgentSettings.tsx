'use client';

import { useState } from 'react';
import { MODE_LABELS, MODE_ORDER } from '@/lib/chat/modes-ui';
import { modelChoiceSchema, type ModelChoice, type ModelOptions } from '@/lib/agent/model-options';
import type { AgentMode } from '@/lib/agent/messages';
import { modeStatus } from '../../lib/settings/mode-status';
import type { Settings } from '@/lib/settings/schema';
import { updateSettings } from '@/lib/settings/settings-store';
import { ApiKeyField } from './ApiKeyField';
import { describeTestResult, testConnection } from '../../lib/settings/connection-test';
import styles from './settings.module.css';
import controls from '../ui/controls.module.css';

const SERVER_DEFAULT = '';
const valueOf = (choice: ModelChoice) => `${choice.provider}\n${choice.model}`;

function choiceFrom(value: string): ModelChoice | undefined {
  const [provider, model] = value.split('\n');
  const parsed = modelChoiceSchema.safeParse({ provider, model });
  return parsed.success ? parsed.data : undefined;
}

/** The model for each mode (from the server's list), a connection test per mode, and the user's keys. */
export function AgentSettings({ settings, options }: { settings: Settings; options: ModelOptions }) {
  const setModel = (mode: AgentMode, value: string) => {
    const choice = choiceFrom(value);
    const others = Object.entries(settings.models).filter(([other]) => other !== mode);
    void updateSettings({ models: Object.fromEntries(choice ? [...others, [mode, choice]] : others) });
  };
  const setKey = (provider: ModelChoice['provider'], key: string | undefined) => {
    const others = Object.entries(settings.apiKeys).filter(([other]) => other !== provider);
    return updateSettings({ apiKeys: Object.fromEntries(key ? [...others, [provider, key]] : others) });
  };

  return (
    <>
      <fieldset className={styles.group}>
        <legend>Model per mode</legend>
        {MODE_ORDER.map((mode) => (
          <ModeRow key={mode} mode={mode} settings={settings} options={options} onChange={(value) => setModel(mode, value)} />
        ))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>API keys</legend>
        {options.providers
          .filter((provider) => provider.id !== 'replay')
          .map((provider) => (
            <ApiKeyField key={provider.id} provider={provider} saved={settings.apiKeys[provider.id]} onSave={(key) => setKey(provider.id, key)} />
          ))}
      </fieldset>
    </>
  );
}

interface ModeRowProps {
  mode: AgentMode;
  settings: Settings;
  options: ModelOptions;
  onChange(value: string): void;
}

function ModeRow({ mode, settings, options, onChange }: ModeRowProps) {
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const [testing, setTesting] = useState(false);
  const chosen = settings.models[mode];
  const fallback = options.defaults[mode];
  const status = modeStatus(mode, settings, options);
  const label = `${MODE_LABELS[mode]} mode model`;

  const test = async () => {
    setTesting(true);
    setResult(null);
    const outcome = await testConnection(chosen ?? fallback);
    setResult({ text: describeTestResult(outcome), ok: outcome.ok });
    setTesting(false);
  };

  return (
    <div className={styles.modeRow}>
      <label className={styles.label}>
        {MODE_LABELS[mode]}
        <select
          className={controls.field}
          aria-label={label}
          value={chosen ? valueOf(chosen) : SERVER_DEFAULT}
          onChange={(e) => {
            setResult(null);
            onChange(e.target.value);
          }}
        >
          <option value={SERVER_DEFAULT}>{`Server default (${fallback.model})`}</option>
          {options.providers.map((provider) => (
            <optgroup key={provider.id} label={provider.label}>
              {provider.models.map((model) => (
                <option key={model} value={valueOf({ provider: provider.id, model })}>
                  {model}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <button
        type="button"
        className={styles.button}
        onClick={() => void test()}
        disabled={testing}
        aria-label={`Test connection for ${MODE_LABELS[mode]} mode`}
      >
        {testing ? 'Testing…' : 'Test connection'}
      </button>
      <p className={status.ready ? styles.hint : styles.warning}>{status.text}</p>
      <p role="status" className={result?.ok === false ? styles.error : styles.hint}>
        {result?.text}
      </p>
    </div>
  );
}
