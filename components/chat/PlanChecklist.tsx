'use client';

import type { PlanStep } from '@/lib/agent/tool-schemas';
import styles from './chat.module.css';
import controls from '../ui/controls.module.css';

interface PlanInput {
  goal?: string;
  steps?: ReadonlyArray<Partial<PlanStep> | undefined>;
  risks?: ReadonlyArray<string | undefined>;
}

/**
 * The plan as a read-only checklist. Steps are not ticked: which tool call satisfies which step is the
 * model's business, and a wrong tick would mislead more than no tick.
 */
export function PlanChecklist({ input }: { input: PlanInput }) {
  const steps = (input.steps ?? []).filter((step): step is Partial<PlanStep> => step !== undefined);
  const risks = (input.risks ?? []).filter((risk): risk is string => typeof risk === 'string');
  return (
    <div className={styles.plan}>
      {input.goal && <p className={styles.planGoal}>Plan: {input.goal}</p>}
      <ul aria-label="Plan steps" className={styles.planSteps}>
        {steps.map((step, i) => (
          <li key={step.id ?? i}>
            <label>
              <input type="checkbox" disabled checked={false} readOnly /> {step.description ?? '…'}
            </label>
          </li>
        ))}
      </ul>
      {risks.length > 0 && <p className={controls.muted}>Risks: {risks.join('; ')}</p>}
    </div>
  );
}
