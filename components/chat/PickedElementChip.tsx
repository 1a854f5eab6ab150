'use client';

import { useState } from 'react';
import { elementLabel, type ElementAttachment } from '@/lib/chat/element-attachment';
import type { VisualEditOutcome } from '@/lib/visual-edit/apply';
import type { StyleEdit } from '@/lib/visual-edit/style-edit';
import { ElementEditPanel } from './ElementEditPanel';
import styles from './attachments.module.css';
import controls from '../ui/controls.module.css';

/** The element picked in the preview, above the message box until it is sent or removed. */
interface PickedElementChipProps {
  picked: ElementAttachment;
  onRemove: () => void;
  /** Writes a direct edit into the element's source (absent where the chat cannot reach the workspace). */
  onEdit?: (edit: StyleEdit) => Promise<VisualEditOutcome>;
  onAskAgent: (request: string) => void;
}

export function PickedElementChip({ picked, onRemove, onEdit, onAskAgent }: PickedElementChipProps) {
  const label = elementLabel(picked.element);
  const [editing, setEditing] = useState(false);
  return (
    <div role="group" aria-label="Selected element" className={styles.elementChip}>
      {picked.image && <img src={picked.image.url} alt={`The selected element ${label}`} className={styles.elementImage} />}
      <span className={styles.elementLabel}>
        {label}
        {!picked.element.source && <span className={controls.muted}> (the dev server did not say where it is written)</span>}
      </span>
      {onEdit && (
        <button type="button" className={controls.linkButton} aria-expanded={editing} onClick={() => setEditing(!editing)}>
          Edit directly
        </button>
      )}
      <button type="button" className={controls.linkButton} onClick={onRemove} aria-label="Remove the selected element">
        Remove
      </button>
      {editing && onEdit && <ElementEditPanel element={picked.element} onApply={onEdit} onAskAgent={onAskAgent} />}
    </div>
  );
}
