'use client';

import { useId, useState, type ReactNode } from 'react';
import type { PickedElement } from '@/lib/computer-use/types';
import type { StyleEdit } from '@/lib/visual-edit/style-edit';
import type { VisualEditOutcome } from '@/lib/visual-edit/apply';
import styles from './attachments.module.css';
import controls from '../ui/controls.module.css';

interface ElementEditPanelProps {
  element: PickedElement;
  onApply: (edit: StyleEdit) => Promise<VisualEditOutcome>;
  /** What the panel could not write, as a request for the agent (put in the message box). */
  onAskAgent: (request: string) => void;
}

type Fields = { text: string; color: string; background: string; fontSize: string; fontWeight: string; padding: string; textAlign: string };

/** Only what the user changed is written: an untouched field leaves the source as it is. */
function editFrom(fields: Fields, touched: ReadonlySet<keyof Fields>, element: PickedElement): StyleEdit {
  const edit: StyleEdit = {};
  if (touched.has('text') && fields.text !== element.text) edit.text = fields.text;
  if (touched.has('color')) edit.color = fields.color;
  if (touched.has('background')) edit.background = fields.background;
  if (fields.fontSize !== '') edit.fontSize = Number(fields.fontSize);
  if (fields.fontWeight !== '') edit.fontWeight = fields.fontWeight as StyleEdit['fontWeight'];
  if (fields.padding !== '') edit.padding = Number(fields.padding);
  if (fields.textAlign !== '') edit.textAlign = fields.textAlign as StyleEdit['textAlign'];
  return edit;
}

function describe(edit: StyleEdit): string {
  const parts = Object.entries(edit).map(([key, value]) => `${key} ${typeof value === 'string' ? `"${value}"` : value}`);
  return `Change the selected element: ${parts.join(', ')}.`;
}

/** Edits the picked element's text and style directly in its source, without asking the model. */
export function ElementEditPanel({ element, onApply, onAskAgent }: ElementEditPanelProps) {
  const id = useId();
  const [fields, setFields] = useState<Fields>({
    text: element.text,
    color: '#000000',
    background: '#ffffff',
    fontSize: '',
    fontWeight: '',
    padding: '',
    textAlign: '',
  });
  const [touched, setTouched] = useState<ReadonlySet<keyof Fields>>(new Set());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<(VisualEditOutcome & { edit: StyleEdit }) | null>(null);
  const set = (key: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [key]: value }));
    setTouched((current) => new Set(current).add(key));
  };
  const edit = editFrom(fields, touched, element);
  const nothing = Object.keys(edit).length === 0;

  const apply = () => {
    if (nothing || busy) return;
    setBusy(true);
    void onApply(edit)
      .then(
        (result) => setOutcome({ ...result, edit }),
        (error: unknown) => setOutcome({ ok: false, reason: error instanceof Error ? error.message : String(error), edit }),
      )
      .finally(() => setBusy(false));
  };

  const field = (key: keyof Fields, label: string, input: ReactNode) => (
    <label className={styles.editField} htmlFor={`${id}-${key}`}>
      {label}
      {input}
    </label>
  );
  return (
    // A group, not a form: it sits inside the message box's form, and Enter in its fields must not send the message.
    <div
      role="group"
      className={styles.editPanel}
      aria-label="Edit the selected element"
      onKeyDown={(event) => event.key === 'Enter' && event.target instanceof HTMLInputElement && (event.preventDefault(), apply())}
    >
      {field('text', 'Text', <input id={`${id}-text`} className={controls.field} value={fields.text} onChange={set('text')} />)}
      {field('color', 'Text colour', <input id={`${id}-color`} type="color" value={fields.color} onChange={set('color')} />)}
      {field('background', 'Background', <input id={`${id}-background`} type="color" value={fields.background} onChange={set('background')} />)}
      {field(
        'fontSize',
        'Font size (px)',
        <input id={`${id}-fontSize`} className={controls.field} type="number" min={6} max={200} value={fields.fontSize} onChange={set('fontSize')} />,
      )}
      {field(
        'fontWeight',
        'Weight',
        <select id={`${id}-fontWeight`} className={controls.field} value={fields.fontWeight} onChange={set('fontWeight')}>
          <option value="">As it is</option>
          <option value="normal">Normal</option>
          <option value="medium">Medium</option>
          <option value="semibold">Semibold</option>
          <option value="bold">Bold</option>
        </select>,
      )}
      {field(
        'padding',
        'Padding (px)',
        <input id={`${id}-padding`} className={controls.field} type="number" min={0} max={200} value={fields.padding} onChange={set('padding')} />,
      )}
      {field(
        'textAlign',
        'Align',
        <select id={`${id}-textAlign`} className={controls.field} value={fields.textAlign} onChange={set('textAlign')}>
          <option value="">As it is</option>
          <option value="left">Left</option>
          <option value="center">Centre</option>
          <option value="right">Right</option>
        </select>,
      )}
      <div className={styles.editActions}>
        <button type="button" className={controls.primaryButton} disabled={nothing || busy} onClick={apply}>
          {busy ? 'Writing…' : 'Apply to source'}
        </button>
      </div>
      {outcome?.ok && <p role="status">{outcome.message}</p>}
      {outcome && !outcome.ok && (
        <p role="alert" className={controls.error}>
          Not written: {outcome.reason}.{' '}
          <button type="button" className={controls.linkButton} onClick={() => onAskAgent(describe(outcome.edit))}>
            Ask the agent instead
          </button>
        </p>
      )}
    </div>
  );
}
