'use client';

import { TOOL_LABELS } from '@/lib/agent/tool-schemas';
import { DiffView } from './DiffView';
import { PlanChecklist } from './PlanChecklist';
import { ApprovalCard, DeniedNote } from './ApprovalCard';
import {
  argsSummary,
  awaitsApproval,
  calledName,
  isDenied,
  displayState,
  outputError,
  rejectionOf,
  toolNameOf,
  type IdeToolPart,
} from '../../lib/chat/tool-parts';
import { CheckResult, GlobResult, LogsResult, RejectedCall, SearchResult } from './ToolResultViews';
import styles from './chat.module.css';
import results from './tool-results.module.css';
import controls from '../ui/controls.module.css';

interface ToolCallViewProps {
  part: IdeToolPart;
  /** Opens a file in the editor; gets a "/"-rooted workspace path. */
  onRevealFile: (path: string) => void;
}

/**
 * One tool call: its label, arguments, state, and result (a diff for edits, the plan as a checklist). Calls the
 * route rejected before they ran (unknown tool, bad JSON, schema) get a card too, with the reason.
 */
export function ToolCallView({ part, onRevealFile }: ToolCallViewProps) {
  const name = toolNameOf(part);
  const label = name ? TOOL_LABELS[name] : calledName(part);
  const args = argsSummary(name, part.input);
  const state = displayState(part);
  const rejected = state === 'rejected';
  return (
    <div role="group" aria-label={`${label} ${args}`.trim()} className={`${styles.tool} ${rejected ? results.rejected : ''}`} data-state={state}>
      <div className={styles.toolHeader}>
        <code className={styles.toolLabel}>{label}</code>
        {args && <span className={styles.toolArgs}>{args}</span>}
        <span className={`${styles.toolState} ${rejected ? results.stateRejected : (styles[`state_${state}`] ?? '')}`}>{state}</span>
      </div>
      {name === 'plan_create' && part.input !== undefined && <PlanChecklist input={part.input as Parameters<typeof PlanChecklist>[0]['input']} />}
      {awaitsApproval(part) && <ApprovalCard part={part} />}
      {isDenied(part) && <DeniedNote />}
      <ToolResult part={part} onRevealFile={onRevealFile} />
    </div>
  );
}

function ToolResult({ part, onRevealFile }: ToolCallViewProps) {
  const rejection = rejectionOf(part);
  if (rejection !== null) return <RejectedCall reason={rejection} input={part.input} />;
  if (part.state === 'output-error') return <p className={styles.error}>Error: {part.errorText}</p>;
  if (part.state !== 'output-available') return null;
  const error = outputError(part.output);
  if (error)
    return (
      <p className={styles.error}>
        Error: {error.name}: {error.message}
      </p>
    );
  const reveal = (path: string) => (
    <button type="button" className={controls.linkButton} onClick={() => onRevealFile(`/${path.replace(/^\/+/, '')}`)}>
      Open {path.replace(/^\/+/, '')}
    </button>
  );

  switch (part.type) {
    case 'tool-fs_editFile':
      if (!('diff' in part.output)) return null;
      return (
        <div className={styles.toolResult}>
          <DiffView diff={part.output.diff} label={`Changes to ${part.output.path.replace(/^\//, '')}`} />
          {reveal(part.output.path)}
        </div>
      );
    case 'tool-fs_writeFile':
      if (!('bytes' in part.output)) return null;
      return (
        <div className={styles.toolResult}>
          <span className={controls.muted}>
            {part.output.created ? 'Created' : 'Wrote'} · {part.output.bytes} bytes
          </span>{' '}
          {reveal(part.output.path)}
        </div>
      );
    case 'tool-fs_readFile':
      if (!('totalLines' in part.output)) return null;
      return (
        <p className={controls.muted}>
          {part.output.totalLines} lines{part.output.truncated ? ' (truncated)' : ''}
        </p>
      );
    case 'tool-fs_listFiles':
      if (!('entries' in part.output)) return null;
      return (
        <p className={controls.muted}>
          {part.output.entries.length} entries{part.output.truncated ? ' (truncated)' : ''}
        </p>
      );
    case 'tool-run_sh':
    case 'tool-install_npm':
    case 'tool-test_run':
      if (!('exitCode' in part.output)) return null;
      return <CommandResult {...part.output} />;
    case 'tool-fs_search':
      return 'matches' in part.output ? <SearchResult output={part.output} /> : null;
    case 'tool-fs_glob':
      return 'paths' in part.output ? <GlobResult output={part.output} /> : null;
    case 'tool-preview_logs':
      return 'entries' in part.output ? <LogsResult output={part.output} /> : null;
    case 'tool-preview_check':
      return 'answer' in part.output ? <CheckResult output={part.output} /> : null;
    case 'tool-fs_deletePath':
    case 'tool-fs_movePath':
      return <p className={controls.muted}>ok</p>;
    default:
      return null;
  }
}

interface CommandOutput {
  ok: boolean;
  exitCode: number | null;
  output: string;
  durationMs: number;
  timedOut: boolean;
  background?: boolean;
}

function CommandResult({ ok, exitCode, output, durationMs, timedOut, background }: CommandOutput) {
  const status = exitCode === null ? (background ? 'running in the background' : 'no exit code') : `exit code ${exitCode}`;
  return (
    <div className={styles.toolResult}>
      <p className={ok ? controls.muted : styles.error}>
        {!ok && 'Error: '}
        {timedOut ? 'timed out · ' : ''}
        {status} · {Math.round(durationMs)} ms
      </p>
      {output.trim() !== '' && (
        <pre className={styles.output} aria-label="Command output">
          {output}
        </pre>
      )}
    </div>
  );
}
