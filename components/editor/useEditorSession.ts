'use client';

import { useEffect, useRef, type RefObject } from 'react';
import type { WorkspaceStore } from '@/lib/workspace';
import { onRevealLine } from '@/lib/editor/reveal';
import { EditorSession } from '@/lib/editor/session';
import { onColorSchemeChange, prefersDark } from '@/lib/editor/theme';
import type { Settings } from '@/lib/settings/schema';
import { getSettings, loadSettings, subscribeSettings } from '@/lib/settings/settings-store';

const prefsOf = (settings: Settings) => ({ fontSize: settings.editorFontSize, tabWidth: settings.tabWidth });

/**
 * Creates the CodeMirror session in `host` for the component's lifetime, follows the theme and the editor settings
 * and answers reveal-line requests. The ref is for event handlers (save, close), never for rendering.
 */
export function useEditorSession(
  store: WorkspaceStore,
  host: RefObject<HTMLDivElement | null>,
  onSaveResult: (path: string, error: string | null) => void,
): RefObject<EditorSession | null> {
  const session = useRef<EditorSession | null>(null);
  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const created = new EditorSession(store, parent, { onSaveResult }, prefersDark());
    session.current = created;
    const offTheme = onColorSchemeChange((dark) => created.setDark(dark));
    created.setPrefs(prefsOf(getSettings()));
    const offPrefs = subscribeSettings((settings) => created.setPrefs(prefsOf(settings)));
    void loadSettings();
    const offReveal = onRevealLine((request) => created.reveal(request));
    return () => {
      offTheme();
      offPrefs();
      offReveal();
      created.destroy();
      session.current = null;
    };
  }, [store, host, onSaveResult]);
  return session;
}
