/**
 * Writing a direct edit of a picked element into its source, as the editor's own edits are written: a checkpoint
 * of the workspace first (restoring it undoes the edit), then the new text through the workspace store, so the
 * editor, the runtime's file (and the dev server's hot update) and the next checkpoint all see it. No model call.
 */
import type { PickedElement } from '@/lib/computer-use/types';
import { takeCheckpoint } from '@/lib/workspace/checkpoints';
import { decodeContent } from '@/lib/workspace/content';
import type { WorkspaceStore } from '@/lib/workspace/types';
import type { EditOptions } from './edit-result';
import { styleEditSchema, type StyleEdit } from './style-edit';

export type VisualEditOutcome = { ok: true; message: string } | { ok: false; reason: string };

const JSX_FILE = /\.[jt]sx$/;
const VUE_FILE = /\.vue$/;
const SVELTE_FILE = /\.svelte$/;

/** The editor for the file's language, loaded when an edit is applied, not with the IDE (each brings its parser). */
async function editorFor(file: string) {
  if (JSX_FILE.test(file)) return (await import('./jsx-edit')).applyJsxEdit;
  if (VUE_FILE.test(file)) return (await import('./vue-edit')).applyVueEdit;
  if (SVELTE_FILE.test(file)) return (await import('./svelte-edit')).applySvelteEdit;
  return null;
}

/** How edits are written in this project, from its package.json: Tailwind classes; Solid's CSS-named style keys. */
async function projectStyling(store: WorkspaceStore): Promise<EditOptions> {
  try {
    const manifest = JSON.parse(decodeContent(await store.readFile('/package.json')).text) as Record<string, Record<string, string> | undefined>;
    const depends = (name: string) => ['dependencies', 'devDependencies'].some((field) => manifest[field]?.[name] !== undefined);
    return { tailwind: depends('tailwindcss') || depends('@tailwindcss/vite'), cssStyleKeys: depends('solid-js') };
  } catch {
    return { tailwind: false, cssStyleKeys: false };
  }
}

export async function applyVisualEdit(store: WorkspaceStore, element: PickedElement, edit: StyleEdit): Promise<VisualEditOutcome> {
  const checked = styleEditSchema.safeParse(edit);
  if (!checked.success) return { ok: false, reason: checked.error.issues.map((issue) => issue.message).join('; ') };
  const source = element.source;
  if (!source) return { ok: false, reason: 'the dev server did not say where this element is written' };
  const applyEdit = await editorFor(source.file);
  if (!applyEdit) {
    return {
      ok: false,
      reason: `direct edits are written into JSX (.jsx, .tsx), Vue (.vue) and Svelte (.svelte) files only, and ${source.file} is none of them`,
    };
  }
  const path = `/${source.file}`;
  const code = decodeContent(await store.readFile(path)).text;
  const written = applyEdit(code, source, checked.data, await projectStyling(store), source.file);
  if (!written.ok) return written;
  await takeCheckpoint(store, { kind: 'visual-edit', label: `Before a visual edit of <${element.tag}> in ${source.file}:${source.line}` });
  await store.openFile(path);
  store.updateContent(path, written.code);
  await store.save(path);
  return { ok: true, message: `Written to ${source.file} at line ${source.line}. To undo it, restore the checkpoint “Before a visual edit”.` };
}
