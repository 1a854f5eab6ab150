'use client';

import type { FileUIPart } from 'ai';
import type { Attachment } from '../../lib/chat/useAttachments';
import styles from './attachments.module.css';

/** The images waiting in the composer, each with its remove button. */
export function AttachmentThumbnails({ items, onRemove }: { items: readonly Attachment[]; onRemove: (id: string) => void }) {
  if (items.length === 0) return null;
  return (
    <ul className={styles.thumbs} aria-label="Attached images">
      {items.map((item) => {
        const name = item.part.filename ?? 'image';
        return (
          <li key={item.id} className={styles.thumb}>
            <img src={item.part.url} alt={name} />
            <button type="button" className={styles.remove} aria-label={`Remove ${name}`} title={`Remove ${name}`} onClick={() => onRemove(item.id)}>
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** An image sent with a message, as the conversation shows it. */
export function SentImage({ part }: { part: FileUIPart }) {
  if (!part.mediaType.startsWith('image/')) return null;
  const name = part.filename ?? 'image';
  return (
    <figure className={styles.sent}>
      <img src={part.url} alt={`Attached image ${name}`} />
    </figure>
  );
}
