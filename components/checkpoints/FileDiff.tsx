'use client';

import { unifiedMergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { editorTheme } from '@/lib/editor/theme';
import { isDark } from '@/lib/ui/color-scheme';
import type { FileChange } from '@/lib/workspace/checkpoints';
import styles from './checkpoints.module.css';
import controls from '../ui/controls.module.css';

const dark = isDark;

/** One file's change as a read-only unified diff (CodeMirror's merge view): the removed lines shown inline. */
export function FileDiff({ change }: { change: FileChange }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const parent = host.current;
    if (!parent || change.binary) return;
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: change.after ?? '',
        extensions: [
          lineNumbers(),
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          EditorView.contentAttributes.of({ 'aria-label': `Changes in ${change.path.replace(/^\/+/, '')}` }),
          editorTheme(dark()),
          unifiedMergeView({ original: change.before ?? '', mergeControls: false, highlightChanges: true, gutter: true }),
        ],
      }),
    });
    return () => view.destroy();
  }, [change]);
  if (change.binary) return <p className={controls.muted}>{change.path.replace(/^\/+/, '')} is a binary file: listed, not diffed.</p>;
  return <div ref={host} className={styles.diff} data-path={change.path} />;
}
