'use client';

import { elementLabel, type ElementAttachment } from '@/lib/chat/element-attachment';
import styles from './attachments.module.css';
import controls from '../ui/controls.module.css';

/** The element picked in the preview, above the message box until it is sent or removed. */
export function PickedElementChip({ picked, onRemove }: { picked: ElementAttachment; onRemove: () => void }) {
  const label = elementLabel(picked.element);
  return (
    <div role="group" aria-label="Selected element" className={styles.elementChip}>
      {picked.image && <img src={picked.image.url} alt={`The selected element ${label}`} className={styles.elementImage} />}
      <span className={styles.elementLabel}>
        {label}
        {!picked.element.source && <span className={controls.muted}> (the dev server did not say where it is written)</span>}
      </span>
      <button type="button" className={controls.linkButton} onClick={onRemove} aria-label="Remove the selected element">
        Remove
      </button>
    </div>
  );
}
