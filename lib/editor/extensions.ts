/**
 * The editor's extension set. Everything that varies per file or over time (language, read-only, theme, the
 * user's font size and tab width)
 * sits in a Compartment so it can be reconfigured on a live state without rebuilding it (and so without
 * losing the file's undo history).
 */
import { basicSetup } from 'codemirror';
import { Annotation, Compartment, EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { gotoLine, openSearchPanel } from '@codemirror/search';
import { indentWithTab } from '@codemirror/commands';
import { indentUnit } from '@codemirror/language';
import { editorTheme } from './theme';
import { EDITOR_LEAVE_HINT } from '@/lib/ui/leave-by-keyboard';

export const languageSlot = new Compartment();
export const readOnlySlot = new Compartment();
export const themeSlot = new Compartment();
export const prefsSlot = new Compartment();

/** The user's editor settings. */
export interface EditorPrefs {
  fontSize: number;
  tabWidth: number;
}

export const DEFAULT_EDITOR_PREFS: EditorPrefs = { fontSize: 13, tabWidth: 2 };

export function prefsExtension(prefs: EditorPrefs): Extension {
  return [EditorState.tabSize.of(prefs.tabWidth), indentUnit.of(' '.repeat(prefs.tabWidth)), EditorView.theme({ '&': { fontSize: `${prefs.fontSize}px` } })];
}

/** Marks transactions that bring the store's content into the editor, so they are not echoed back. */
export const fromStore = Annotation.define<boolean>();

/** Ctrl/Cmd+H: the search panel with the cursor in its replace field. */
function openReplace(view: EditorView): boolean {
  openSearchPanel(view);
  const replace = view.dom.querySelector<HTMLInputElement>('.cm-search input[name=replace]');
  if (replace) {
    replace.focus();
    replace.select();
  }
  return true;
}

interface EditorHooks {
  /** Called for every user change to the document. */
  onDocChanged(): void;
}

/** The extensions shared by every file's state; `hooks` reach back into the session. */
export function sharedExtensions(hooks: EditorHooks): Extension {
  return [
    basicSetup,
    // Ours win over basicSetup's: Mod-g is "find next" there, and Go to line is expected on Ctrl+G.
    Prec.high(keymap.of([{ key: 'Mod-g', run: gotoLine, preventDefault: true }, { key: 'Mod-h', run: openReplace, preventDefault: true }, indentWithTab])),
    EditorView.updateListener.of((update) => {
      if (update.docChanged && !update.transactions.every((tr) => tr.annotation(fromStore))) hooks.onDocChanged();
    }),
  ];
}

export function createFileState(path: string, doc: string, shared: Extension, options: { readOnly: boolean; dark: boolean; prefs?: EditorPrefs }): EditorState {
  const name = path.split('/').pop() ?? path;
  return EditorState.create({
    doc,
    extensions: [
      shared,
      // tabindex: the text stays a tab stop even when read-only (not editable), so its scroller is keyboard-reachable.
      EditorView.contentAttributes.of({ 'aria-label': `Contents of ${name}`, 'aria-describedby': EDITOR_LEAVE_HINT.id, tabindex: '0' }),
      languageSlot.of([]),
      readOnlySlot.of(EditorState.readOnly.of(options.readOnly)),
      themeSlot.of(editorTheme(options.dark)),
      prefsSlot.of(prefsExtension(options.prefs ?? DEFAULT_EDITOR_PREFS)),
    ],
  });
}
