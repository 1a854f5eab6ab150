'use client';

import type { AgentMode } from '@/lib/agent/messages';
import { MODE_LABELS, MODE_ORDER } from '../../lib/chat/modes-ui';
import styles from './chat.module.css';
import controls from '../ui/controls.module.css';

interface ModeSelectorProps {
  mode: AgentMode;
  /** The heuristic's suggestion for the current draft; shown, never applied on its own. */
  suggested: AgentMode | null;
  onChange: (mode: AgentMode) => void;
}

/** Fast / Balanced / Deep as native radios (arrow keys work), plus "Suggested: X" when it differs. */
export function ModeSelector({ mode, suggested, onChange }: ModeSelectorProps) {
  return (
    <div className={styles.modeRow}>
      <div role="radiogroup" aria-label="Agent mode" className={styles.modes}>
        {MODE_ORDER.map((value) => (
          <label key={value} className={value === mode ? styles.modeChecked : styles.mode}>
            <input type="radio" name="agent-mode" value={value} checked={value === mode} onChange={() => onChange(value)} />
            {MODE_LABELS[value]}
          </label>
        ))}
      </div>
      {suggested && suggested !== mode && (
        <button type="button" className={controls.linkButton} title={`Switch to ${MODE_LABELS[suggested]} mode`} onClick={() => onChange(suggested)}>
          Suggested: {MODE_LABELS[suggested]}
        </button>
      )}
    </div>
  );
}
