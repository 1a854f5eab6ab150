'use client';

import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorMessage } from '@/lib/files/errors';
import type { TemplateId } from '@/lib/workspace/templates/types';
import { LauncherKeyNotice, useAgentReadiness } from './LauncherKeyNotice';
import { navigateToWorkspace } from '../../lib/workspace/launcher/navigate';
import { nameFromPrompt, savePendingPrompt } from '../../lib/workspace/launcher/pending-prompt';
import type { TemplateOption } from '../../lib/workspace/launcher/template-options';
import type { WorkspaceList } from './useWorkspaceList';
import styles from './launcher.module.css';

/** Ideas a first-time user can start from: each fills the prompt, to send as it is or to edit first. */
const EXAMPLE_PROMPTS = [
  'A to-do list with filters and drag-to-reorder, saved in localStorage',
  'A pomodoro timer with a progress ring and a sound when time is up',
  'A markdown notes app with a live preview side by side',
  'A tip calculator that splits the bill between friends',
] as const;

/** A web app starter: what most prompts ask for, and its preview shows something from the first second. */
const DEFAULT_TEMPLATE: TemplateId = 'vite-react';

interface PromptStartProps {
  templates: readonly TemplateOption[];
  list: WorkspaceList;
}

/**
 * "What do you want to build?": the prompt creates a workspace from the chosen template, named after the prompt,
 * and opens it with the prompt waiting for the agent (see pending-prompt.ts).
 */
export function PromptStart({ templates, list }: PromptStartProps) {
  const promptId = useId();
  const hintId = useId();
  const errorId = useId();
  const templateId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [prompt, setPrompt] = useState('');
  const [template, setTemplate] = useState<TemplateId>(templates.some((t) => t.id === DEFAULT_TEMPLATE) ? DEFAULT_TEMPLATE : (templates[0]?.id ?? 'empty'));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const agent = useAgentReadiness();
  const [askedForKey, setAskedForKey] = useState(false);

  /** `withAgent` false: the workspace starts from its template and the prompt is not sent (there is no key). */
  const start = async (withAgent = true) => {
    const text = prompt.trim();
    if (!text) {
      setError('Describe what you want to build first.');
      field.current?.focus();
      return;
    }
    if (withAgent && agent && !agent.ready) {
      setAskedForKey(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const meta = await list.create({ name: nameFromPrompt(text), template: template === 'empty' ? null : template });
      if (withAgent) savePendingPrompt(meta.id, text);
      navigateToWorkspace(meta.id);
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void start();
  };

  // Enter sends, as in the chat; Shift+Enter starts a new line. Not while an input method is composing.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!busy) void start();
  };

  return (
    <form className={styles.promptForm} onSubmit={submit} aria-busy={busy}>
      <h1 className={styles.title}>
        <label htmlFor={promptId}>What do you want to build?</label>
      </h1>
      <p id={hintId} className={styles.hint}>
        Describe an app and the agent builds it in a new workspace, running in this tab. Enter starts, Shift+Enter adds a line.
      </p>
      <div className={styles.promptBox}>
        <textarea
          id={promptId}
          ref={field}
          className={styles.prompt}
          rows={4}
          value={prompt}
          placeholder="A habit tracker with a weekly streak chart…"
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          disabled={busy}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            setPrompt(e.target.value);
            setError(null);
          }}
        />
        <div className={styles.promptActions}>
          <div className={styles.templatePick}>
            <label htmlFor={templateId}>Start from</label>
            <select id={templateId} value={template} disabled={busy} onChange={(e) => setTemplate(e.target.value as TemplateId)}>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.id === 'empty' ? 'Empty (the agent sets it up)' : t.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={styles.start} disabled={busy}>
            {busy ? 'Creating the workspace…' : 'Start building'}
          </button>
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <LauncherKeyNotice status={agent} asked={askedForKey} busy={busy} onWithoutAgent={() => void start(false)} />
      <div className={styles.examples}>
        <h2 className={styles.examplesTitle}>Try an example</h2>
        <ul aria-label="Example prompts" className={styles.exampleList}>
          {EXAMPLE_PROMPTS.map((example) => (
            <li key={example}>
              <button
                type="button"
                className={styles.example}
                disabled={busy}
                onClick={() => {
                  setPrompt(example);
                  setError(null);
                  field.current?.focus();
                }}
              >
                {example}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
