/** A starter project shipped with the app, so creating one needs no network. */
export type TemplateId = 'vite-react' | 'vite-vue' | 'vite-svelte' | 'node-http' | 'static-html' | 'empty';

export interface TemplateFile {
  /** Relative to the workspace root ("src/App.jsx"). */
  path: string;
  /** Text, or bytes for binary files (images). */
  content: string | Uint8Array;
}

export interface Template {
  id: TemplateId;
  name: string;
  description: string;
  /** What the UI runs in a terminal to start it (after `npm install` when there is a package.json). */
  start: string | null;
  /** Files opened in the editor when the workspace is first opened; the first is active. */
  open: string[];
  files: TemplateFile[];
}
