'use client';

import type { FileUIPart } from 'ai';
import { useEffect, useRef, useSyncExternalStore, useState, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import type { AgentMode } from '@/lib/agent/messages';
import { suggestMode } from '@/lib/agent/mode-heuristic';
import { AttachmentThumbnails } from './AttachmentViews';
import { PickedElementChip } from './PickedElementChip';
import { AnnotateDialog } from './AnnotateDialog';
import { elementContext, type PickedElementSlot } from '@/lib/chat/element-attachment';
import type { PickedElement } from '@/lib/computer-use/types';
import type { VisualEditOutcome } from '@/lib/visual-edit/apply';
import type { StyleEdit } from '@/lib/visual-edit/style-edit';
import { ModeSelector } from './ModeSelector';
import { useAttachments } from '../../lib/chat/useAttachments';
import attachStyles from './attachments.module.css';
import styles from './chat.module.css';
import controls from '../ui/controls.module.css';

interface ComposerProps {
  mode: AgentMode;
  onModeChange: (mode: AgentMode) => void;
  busy: boolean;
  autoFix: boolean;
  onAutoFixChange: (on: boolean) => void;
  /** Run the project's checks after a turn that changed files. */
  selfCheck: boolean;
  onSelfCheckChange: (on: boolean) => void;
  onSend: (text: string, files: FileUIPart[]) => void;
  /** A screenshot of the preview as an image part (rejects with the reason when there is none to take). */
  onAttachPreview: () => Promise<{ part: FileUIPart; bytes: number }>;
  onStop: () => void;
  onClear: () => void;
  canClear: boolean;
  /** An element picked in the preview: shown as a chip, sent with the next message (its place and its picture). */
  pickedElement?: PickedElementSlot;
  /** Writes a direct edit of the picked element into its source. */
  onEditElement?: (element: PickedElement, edit: StyleEdit) => Promise<VisualEditOutcome>;
}

/** The message box and the controls around it. Enter sends, Shift+Enter starts a new line. */
export function Composer({
  mode,
  onModeChange,
  busy,
  autoFix,
  onAutoFixChange,
  selfCheck,
  onSelfCheckChange,
  onSend,
  onAttachPreview,
  onStop,
  onClear,
  canClear,
  pickedElement,
  onEditElement,
}: ComposerProps) {
  const [draft, setDraft] = useState('');
  const [dropping, setDropping] = useState(false);
  const [capturing, setCapturing] = useState(false);
  /** The screenshot being marked up in the annotation dialog. */
  const [annotating, setAnnotating] = useState<string | null>(null);
  const attachments = useAttachments();
  const picked = useSyncExternalStore(pickedElement?.subscribe ?? noSubscription, pickedElement?.get ?? nothing, nothing);
  const input = useRef<HTMLTextAreaElement>(null);
  // Picked in the preview: the next thing the user does is say what to do with it.
  useEffect(() => {
    if (picked) input.current?.focus();
  }, [picked]);
  const suggested = draft.trim() === '' ? null : suggestMode(draft);
  const canSend = draft.trim() !== '' || attachments.items.length > 0;

  const submit = () => {
    if (!canSend || busy) return;
    const files = attachments.items.map((item) => item.part);
    // The element goes first: the agent reads what the user points at before what they ask about it.
    const text = picked ? `${elementContext(picked)}\n\n${draft.trim()}` : draft.trim();
    onSend(text, picked?.image ? [picked.image, ...files] : files);
    setDraft('');
    attachments.clear();
    pickedElement?.set(null);
  };
  const imagesOf = (data: DataTransfer) => Array.from(data.files).filter((file) => file.type.startsWith('image/'));
  const onPaste = (event: ClipboardEvent) => {
    const images = imagesOf(event.clipboardData);
    if (images.length === 0) return;
    event.preventDefault();
    void attachments.addFiles(images);
  };
  const onDrop = (event: DragEvent) => {
    setDropping(false);
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    void attachments.addFiles(Array.from(event.dataTransfer.files));
  };
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDropping(true);
  };
  /** Captures the preview, then attaches the picture, or opens it for marking up first. */
  const capture = (then: (part: FileUIPart, bytes: number) => void) => {
    setCapturing(true);
    attachments.setError(null);
    onAttachPreview()
      .then(
        ({ part, bytes }) => then(part, bytes),
        (error: unknown) => attachments.setError(`The preview could not be captured: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => setCapturing(false));
  };
  const attachPreview = () => capture((part, bytes) => attachments.add(part, bytes, part.filename ?? 'preview'));
  const annotatePreview = () => capture((part) => setAnnotating(part.url));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an IME composition must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <>
      <form
        className={dropping ? `${styles.composer} ${attachStyles.dropping}` : styles.composer}
        onSubmit={onSubmit}
        onDragOver={onDragOver}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
        aria-label="Message the agent"
      >
        <ModeSelector mode={mode} suggested={suggested} onChange={onModeChange} />
        <textarea
          ref={input}
          aria-label="Message the agent"
          className={styles.input}
          placeholder="Ask the agent to build, change or fix something…"
          rows={3}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        {picked && (
          <PickedElementChip
            // Another element starts with a fresh panel.
            key={JSON.stringify(picked.element)}
            picked={picked}
            onRemove={() => pickedElement?.set(null)}
            onEdit={onEditElement && ((edit) => onEditElement(picked.element, edit))}
            onAskAgent={(request) => {
              setDraft(request);
              input.current?.focus();
            }}
          />
        )}
        <AttachmentThumbnails items={attachments.items} onRemove={attachments.remove} />
        {attachments.error && (
          <p role="alert" className={styles.error}>
            {attachments.error}
          </p>
        )}
        <div className={styles.composerActions}>
          <label className={styles.checkbox}>
            <input type="checkbox" checked={autoFix} onChange={(e) => onAutoFixChange(e.target.checked)} /> Auto-fix
          </label>
          <label
            className={styles.checkbox}
            title="After a turn that changed files, run the project's tests, type check and lint, and ask the agent to fix what fails"
          >
            <input type="checkbox" checked={selfCheck} onChange={(e) => onSelfCheckChange(e.target.checked)} /> Check work
          </label>
          <label className={`${controls.button} ${attachStyles.attach}`}>
            Attach image
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              multiple
              aria-label="Attach image"
              className={attachStyles.hiddenInput}
              onChange={(e) => {
                const files = Array.from(e.currentTarget.files ?? []);
                e.currentTarget.value = '';
                void attachments.addFiles(files);
              }}
            />
          </label>
          <button type="button" className={controls.button} disabled={capturing} onClick={attachPreview}>
            {capturing ? 'Capturing…' : 'Attach preview'}
          </button>
          <button type="button" className={controls.button} disabled={capturing} onClick={annotatePreview}>
            Mark up preview
          </button>
          <span className={styles.spacer} />
          <button type="button" className={controls.button} disabled={!canClear || busy} onClick={onClear}>
            Clear conversation
          </button>
          {busy ? (
            <button type="button" className={controls.dangerButton} onClick={onStop}>
              Stop
            </button>
          ) : (
            <button type="submit" className={controls.primaryButton} disabled={!canSend}>
              Send
            </button>
          )}
        </div>
      </form>
      {annotating && (
        <AnnotateDialog
          image={annotating}
          onAttach={(part, bytes) => attachments.add(part, bytes, part.filename ?? 'annotated preview')}
          onClose={() => setAnnotating(null)}
        />
      )}
    </>
  );
}

const noSubscription = () => () => undefined;
const nothing = () => null;
