/**
 * One CodeMirror view for the whole editor area, with one EditorState per open file: switching tabs swaps
 * states, so every file keeps its own undo history, selection and scroll. The session also keeps the editor
 * and the workspace store in step without React in the loop, so typing in a multi-megabyte file costs no
 * re-render:
 *   editor → store: edits are pushed once per frame (several keystrokes in one frame go together), so the tab
 *     shows dirty at once and the store's unsaved-text journal has the text within a frame of typing (spaced
 *     out only for documents so large that serialising them takes milliseconds); every save, blur, tab switch
 *     and close flushes first.
 *   store → editor: when the store's content for a file differs from what was last exchanged (a clean tab
 *     refreshed from disk, "Use the version on disk"), only the changed range is replaced, so the cursor
 *     survives. If the user typed since the last push, their text wins and is pushed instead.
 */
import { EditorSelection, EditorState, type Extension, type TransactionSpec } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { WorkspaceSnapshot, WorkspaceStore } from '@/lib/workspace';
import { minimalChange } from './doc-diff';
import { onNextFrame } from './next-frame';
import { MainThreadShare } from '../main-thread-share';
import {
  createFileState,
  DEFAULT_EDITOR_PREFS,
  fromStore,
  languageSlot,
  prefsExtension,
  prefsSlot,
  readOnlySlot,
  sharedExtensions,
  themeSlot,
  type EditorPrefs,
} from './extensions';
import { loadLanguage } from './languages';
import type { RevealRequest } from './reveal';
import { editorTheme } from './theme';
import { errorMessage } from '../error-message';

interface SessionCallbacks {
  /** Every save's outcome: null on success, a message the user can act on otherwise. */
  onSaveResult(path: string, error: string | null): void;
}

export class EditorSession {
  readonly view: EditorView;
  private readonly shared: Extension;
  /** Every open text file's state; the active one's entry is stale while it lives in the view. */
  private readonly states = new Map<string, EditorState>();
  /** The content last sent to or received from the store, per path. */
  private readonly synced = new Map<string, string>();
  private readonly readOnly = new Map<string, boolean>();
  /** Pushes waiting for the next frame: path → cancel. */
  private readonly pushTimers = new Map<string, () => void>();
  /** Serialising a multi-megabyte document on every frame would make typing lag: such pushes are spaced out. */
  private readonly pushShare = new MainThreadShare(0.2);
  private readonly saving = new Map<string, Promise<boolean>>();
  private activePath: string | null = null;
  private prefs: EditorPrefs = DEFAULT_EDITOR_PREFS;
  private pendingReveal: RevealRequest | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: WorkspaceStore,
    parent: HTMLElement,
    private readonly callbacks: SessionCallbacks,
    private dark: boolean,
  ) {
    this.shared = sharedExtensions({ onDocChanged: () => this.onLocalChange() });
    this.view = new EditorView({ parent, state: this.emptyState() });
    this.view.dom.addEventListener('focusout', this.onFocusOut);
    this.unsubscribe = store.subscribe(() => this.sync());
    this.sync();
  }

  destroy(): void {
    for (const path of [...this.pushTimers.keys()]) this.push(path); // never drop typed text
    this.unsubscribe();
    this.view.dom.removeEventListener('focusout', this.onFocusOut);
    this.view.destroy();
  }

  /** Brings pending edits of `path` into the store now. */
  flush(path: string): void {
    if (this.pushTimers.has(path)) this.push(path);
  }

  /** Saves `path` (after flushing); resolves to whether it worked. Concurrent calls share one save. */
  async save(path: string): Promise<boolean> {
    const running = this.saving.get(path);
    if (running) await running;
    this.flush(path);
    // store.save refuses some writes synchronously (read-only workspace): fold that into the promise.
    const attempt = new Promise<void>((resolve) => resolve(this.store.save(path))).then(
      () => {
        this.callbacks.onSaveResult(path, null);
        return true;
      },
      (error: unknown) => {
        this.callbacks.onSaveResult(path, `Could not save ${path}: ${errorMessage(error)}`);
        return false;
      },
    );
    const tracked = attempt.finally(() => this.saving.delete(path));
    this.saving.set(path, tracked);
    return tracked;
  }

  /** Waits for a save of `path` already under way (e.g. the autosave a click on "Close" just caused). */
  async settled(path: string): Promise<void> {
    await this.saving.get(path);
  }

  setDark(dark: boolean): void {
    if (dark === this.dark) return;
    this.dark = dark;
    const effects = themeSlot.reconfigure(editorTheme(dark));
    for (const path of this.states.keys()) this.applyTo(path, { effects });
    if (this.activePath === null) this.view.dispatch({ effects });
  }

  /** The user's font size and tab width, for every open file. */
  setPrefs(prefs: EditorPrefs): void {
    if (prefs.fontSize === this.prefs.fontSize && prefs.tabWidth === this.prefs.tabWidth) return;
    this.prefs = prefs;
    const effects = prefsSlot.reconfigure(prefsExtension(prefs));
    for (const path of this.states.keys()) this.applyTo(path, { effects });
    if (this.activePath === null) this.view.dispatch({ effects });
  }

  /** Moves the cursor to a line of a file (and focuses the editor); waits until that file is showing. */
  reveal(request: RevealRequest): void {
    if (request.path !== this.activePath) {
      this.pendingReveal = request;
      return;
    }
    this.pendingReveal = null;
    const { doc } = this.view.state;
    if (request.line !== undefined) {
      const line = doc.line(Math.min(Math.max(1, request.line), doc.lines));
      const column = Math.min(Math.max(1, request.column ?? 1), line.length + 1);
      const anchor = line.from + column - 1;
      this.view.dispatch({ selection: EditorSelection.cursor(anchor), effects: EditorView.scrollIntoView(anchor, { y: 'center' }) });
    }
    // The editor may have been hidden until this render: focus once it is laid out.
    requestAnimationFrame(() => this.view.focus());
  }

  private emptyState(): EditorState {
    return createFileState('', '', this.shared, { readOnly: true, dark: this.dark, prefs: this.prefs });
  }

  private stateOf(path: string): EditorState | undefined {
    return path === this.activePath ? this.view.state : this.states.get(path);
  }

  private applyTo(path: string, spec: TransactionSpec): void {
    if (path === this.activePath) {
      this.view.dispatch(spec);
      return;
    }
    const state = this.states.get(path);
    if (state) this.states.set(path, state.update(spec).state);
  }

  private sync(): void {
    const snapshot = this.store.getSnapshot();
    const open = new Set<string>();
    for (const file of snapshot.openFiles) {
      if (file.binary) continue;
      open.add(file.path);
      const readOnly = snapshot.readOnly || snapshot.locks.has(file.path);
      if (!this.states.has(file.path)) {
        this.states.set(file.path, createFileState(file.path, file.content, this.shared, { readOnly, dark: this.dark, prefs: this.prefs }));
        this.synced.set(file.path, file.content);
        this.readOnly.set(file.path, readOnly);
        void this.attachLanguage(file.path);
        continue;
      }
      if (this.readOnly.get(file.path) !== readOnly) {
        this.readOnly.set(file.path, readOnly);
        this.applyTo(file.path, { effects: readOnlySlot.reconfigure(EditorState.readOnly.of(readOnly)) });
      }
      if (file.content !== this.synced.get(file.path)) {
        if (this.pushTimers.has(file.path)) this.push(file.path);
        else this.replaceFromStore(file.path, file.content);
      }
    }
    for (const path of [...this.states.keys()]) if (!open.has(path)) this.forget(path);
    const next = snapshot.activePath !== null && open.has(snapshot.activePath) ? snapshot.activePath : null;
    if (next !== this.activePath) this.activate(next);
  }

  private activate(next: string | null): void {
    const previous = this.activePath;
    if (previous !== null && this.states.has(previous)) {
      this.flush(previous);
      this.states.set(previous, this.view.state);
    }
    this.activePath = next;
    this.view.setState((next !== null && this.states.get(next)) || this.emptyState());
    if (next !== null && this.pendingReveal?.path === next) this.reveal(this.pendingReveal);
  }

  private forget(path: string): void {
    this.pushTimers.get(path)?.();
    this.pushTimers.delete(path);
    this.states.delete(path);
    this.synced.delete(path);
    this.readOnly.delete(path);
    if (path === this.activePath) {
      this.activePath = null;
      this.view.setState(this.emptyState());
    }
  }

  private replaceFromStore(path: string, content: string): void {
    const state = this.stateOf(path);
    this.synced.set(path, content);
    if (!state) return;
    const change = minimalChange(state.doc.toString(), content);
    if (change) this.applyTo(path, { changes: change, annotations: fromStore.of(true) });
  }

  private async attachLanguage(path: string): Promise<void> {
    const language = await loadLanguage(path).catch(() => null);
    if (language && this.states.has(path)) this.applyTo(path, { effects: languageSlot.reconfigure(language) });
  }

  private onLocalChange(): void {
    const path = this.activePath;
    if (path === null) return;
    if (this.pushTimers.has(path)) return; // this frame's push takes the newest text
    // Never synchronously: this runs inside CodeMirror's update cycle, and the store may call back.
    this.pushTimers.set(
      path,
      onNextFrame(() => this.push(path), this.pushShare.wait()),
    );
  }

  private push(path: string): void {
    this.pushTimers.get(path)?.();
    this.pushTimers.delete(path);
    const state = this.stateOf(path);
    if (!state) return;
    this.pushShare.measure(() => {
      const text = state.doc.toString();
      this.synced.set(path, text);
      try {
        this.store.updateContent(path, text);
      } catch (error) {
        // Only a workspace that just turned read-only refuses; say so instead of dropping the edit silently.
        this.callbacks.onSaveResult(path, `Could not keep the edit to ${path}: ${errorMessage(error)}`);
      }
    });
  }

  /** Autosave when focus leaves the editor, unless saving would be refused or would settle a conflict. */
  private readonly onFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget;
    if (next instanceof Node && this.view.dom.contains(next)) return; // into the find / go-to-line panel
    const path = this.activePath;
    if (path === null) return;
    this.flush(path);
    if (shouldAutosave(this.store.getSnapshot(), path)) void this.save(path);
  };
}

export function shouldAutosave(snapshot: WorkspaceSnapshot, path: string): boolean {
  const file = snapshot.openFiles.find((f) => f.path === path);
  return Boolean(file && file.dirty && !file.binary && !file.conflict && !snapshot.readOnly && !snapshot.locks.has(path));
}
