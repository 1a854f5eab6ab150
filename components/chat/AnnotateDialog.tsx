'use client';

import type { FileUIPart } from 'ai';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { describeMarks, drawMarks, type Mark, type MarkKind, type Point } from '@/lib/chat/annotations';
import { useModalDialog } from '@/components/ui/useModalDialog';
import styles from './attachments.module.css';
import controls from '../ui/controls.module.css';

interface AnnotateDialogProps {
  /** The screenshot to draw on, as a data: URL. */
  image: string;
  onAttach: (part: FileUIPart, bytes: number) => void;
  onClose: () => void;
}

const TOOLS: { kind: MarkKind; label: string }[] = [
  { kind: 'box', label: 'Box' },
  { kind: 'arrow', label: 'Arrow' },
  { kind: 'note', label: 'Note' },
];
/** How far an arrow key moves the keyboard's cursor, in image pixels (Shift: ten times as far). */
const STEP = 10;

/**
 * Draw on a screenshot of the preview, then attach it to the message. With a pointer: drag for a box or an arrow,
 * click for a note (its text from the Note text field). With the keyboard, on the picture: the arrow keys move a
 * cursor, Space starts and ends a box or an arrow there, or places a note.
 */
export function AnnotateDialog({ image, onAttach, onClose }: AnnotateDialogProps) {
  const { ref, onCancel } = useModalDialog(onClose);
  const titleId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [picture, setPicture] = useState<HTMLImageElement | null>(null);
  const [tool, setTool] = useState<MarkKind>('box');
  const [note, setNote] = useState('Change this');
  const [marks, setMarks] = useState<Mark[]>([]);
  const [start, setStart] = useState<Point | null>(null);
  const [cursor, setCursor] = useState<Point>({ x: 40, y: 40 });
  const [draft, setDraft] = useState<Point | null>(null);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const loaded = new Image();
    loaded.onload = () => setPicture(loaded);
    loaded.src = image;
  }, [image]);

  const pending: Mark[] = start && draft && tool !== 'note' ? [{ kind: tool, from: start, to: draft }] : [];
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !picture) return;
    context.drawImage(picture, 0, 0);
    drawMarks(context, [...marks, ...pending], picture.naturalWidth / 1000);
    if (focused) {
      // The keyboard's cursor: a cross where Space would start, end or place a mark.
      context.strokeStyle = '#e11d48';
      context.lineWidth = 2;
      context.beginPath();
      context.moveTo(cursor.x - 8, cursor.y);
      context.lineTo(cursor.x + 8, cursor.y);
      context.moveTo(cursor.x, cursor.y - 8);
      context.lineTo(cursor.x, cursor.y + 8);
      context.stroke();
    }
  });

  const toImage = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scale = (picture?.naturalWidth ?? rect.width) / rect.width;
    return { x: Math.round((event.clientX - rect.left) * scale), y: Math.round((event.clientY - rect.top) * scale) };
  };
  const begin = (at: Point) => {
    if (tool === 'note') {
      if (note.trim()) setMarks((current) => [...current, { kind: 'note', at, text: note.trim() }]);
      return;
    }
    setStart(at);
    setDraft(at);
  };
  const end = (at: Point) => {
    if (!start || tool === 'note') return;
    if (Math.abs(at.x - start.x) + Math.abs(at.y - start.y) > 4) setMarks((current) => [...current, { kind: tool, from: start, to: at }]);
    setStart(null);
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = event.shiftKey ? STEP * 10 : STEP;
    const moves: Record<string, Point> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const move = moves[event.key];
    if (move) {
      const next = { x: Math.max(0, cursor.x + move.x), y: Math.max(0, cursor.y + move.y) };
      setCursor(next);
      if (start) setDraft(next);
    } else if (event.key === ' ') {
      if (start) end(cursor);
      else begin(cursor);
    } else {
      return;
    }
    event.preventDefault();
  };
  const attach = () => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || !picture) return;
    // The picture as sent: the marks without the keyboard's cursor.
    context.drawImage(picture, 0, 0);
    drawMarks(context, marks, picture.naturalWidth / 1000);
    const url = element.toDataURL('image/png');
    onAttach({ type: 'file', mediaType: 'image/png', filename: 'annotated-preview.png', url }, Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4));
    onClose();
  };

  return (
    <dialog ref={ref} aria-labelledby={titleId} className={styles.annotate} onCancel={onCancel}>
      <h2 id={titleId} className={styles.annotateTitle}>
        Mark up the preview
      </h2>
      <div className={styles.annotateTools}>
        <div role="radiogroup" aria-label="Drawing tool" className={styles.annotateRow}>
          {TOOLS.map(({ kind, label }) => (
            <label key={kind}>
              <input type="radio" name={`${titleId}-tool`} value={kind} checked={tool === kind} onChange={() => setTool(kind)} /> {label}
            </label>
          ))}
        </div>
        <label className={styles.annotateRow}>
          Note text
          <input className={controls.field} value={note} maxLength={120} onChange={(e) => setNote(e.target.value)} />
        </label>
      </div>
      <canvas
        ref={canvas}
        width={picture?.naturalWidth ?? 1}
        height={picture?.naturalHeight ?? 1}
        className={styles.annotateCanvas}
        tabIndex={0}
        role="img"
        aria-label={`${describeMarks(marks)}. Drag to draw a ${tool}; with the keyboard, the arrow keys move the cursor and Space ${tool === 'note' ? 'places the note' : 'starts and ends it'}.`}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          begin(toImage(e));
        }}
        onPointerMove={(e) => start && setDraft(toImage(e))}
        onPointerUp={(e) => end(toImage(e))}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        style={{ cursor: 'crosshair' }}
      />
      <p className={controls.muted} aria-live="polite">
        {marks.length === 0 ? 'Nothing marked yet.' : `${describeMarks(marks)}.`} Keyboard cursor at {cursor.x}, {cursor.y}.
      </p>
      <div className={styles.annotateRow}>
        <button type="button" className={controls.button} disabled={marks.length === 0} onClick={() => setMarks((current) => current.slice(0, -1))}>
          Undo last mark
        </button>
        <span className={styles.annotateSpacer} />
        <button type="button" className={controls.button} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={controls.primaryButton} disabled={!picture} onClick={attach}>
          Attach
        </button>
      </div>
    </dialog>
  );
}
