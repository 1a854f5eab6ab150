'use client';

import { useEffect, useState } from 'react';
import { webContainerEditorOrigin } from '@/lib/runtime/webcontainer/editor-origin';
import { connectProblem } from '../../lib/runtime/webcontainer/connect-problem';

/**
 * Once per page: `setupConnect` adds a relay and a frame each time, and two relays would deliver every message
 * twice (React runs effects twice in development).
 */
let started: Promise<void> | null = null;

function startConnect(): Promise<void> {
  started ??= import('@webcontainer/api/connect').then(({ setupConnect }) => {
    setupConnect({ editorOrigin: webContainerEditorOrigin() });
  });
  return started;
}

/**
 * Runs WebContainer's own connect module, which relays between the preview tab that opened this page and
 * StackBlitz's frame (loaded here, on the IDE's site, so it reaches the container running in the IDE's tab).
 */
export function WebContainerConnect() {
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    startConnect().catch((error: unknown) => {
      if (current) setProblem(connectProblem(error));
    });
    return () => {
      current = false;
    };
  }, []);

  return (
    <main style={{ maxWidth: '40rem', margin: '3rem auto', padding: '0 1rem', fontFamily: 'system-ui, sans-serif', lineHeight: 1.5 }}>
      <h1 style={{ fontSize: '1.25rem' }}>Connecting a preview to WebContainer</h1>
      {problem === null ? (
        <p role="status">
          Linking the preview that opened this tab to WebContainer in the IDE&apos;s tab. Keep this tab and the IDE&apos;s tab open while you use the preview.
        </p>
      ) : (
        <p role="alert">{problem}</p>
      )}
    </main>
  );
}
