/**
 * Writing a direct edit of a picked element into its source, as the editor's own edits are written: a checkpoint
 * of the workspace first (restoring it undoes the edit), then the new text through the workspace store, so the
 * editor, the runtime's file (and the dev server's hot update) and the next checkpoint all see it. No model call.
 */
import type { PickedElement } from '@/lib/computer-use/types';
import { takeCheckpoint } from '@/lib/workspace/checkpoints';
import { decodeContent } from '@/lib/workspace/content';
import type { WorkspaceStore } from '@/lib/workspace/types';
import { styleEditSchema, type StyleEdit } from './style-edit';

export type VisualEditOutcome = { ok: true; message: string } | { ok: false; reason: string };

const JSX_FILE = /\.[jt]sx$/;
const VUE_FILE = /\.vue$/;

/** Whether the project styles with Tailwind CSS (it depends on it, or on its Vite plugin). */
async function usesTailwind(store: WorkspaceStore): Promise<boolean> {
  try {
    const manifest = JSON.parse(decodeContent(await store.readFile('/package.json')).text) as Record<string, Record<string, string> | undefined>;
    return ['dependencies', 'devDependencies'].some(
      (field) => manifest[field]?.tailwindcss !== undefined || manifest[field]?.['@tailwindcss/vite'] !== undefined,
    );
  } catch {
    return false;
  }
}

export async function applyVisualEdit(store: WorkspaceStore, element: PickedElement, edit: StyleEdit): Promise<VisualEditOutcome> {
  const checked = styleEditSchema.safeParse(edit);
  if (!checked.success) return { ok: false, reason: checked.error.issues.map((issue) => issue.message).join('; ') };
  const source = element.source;
  if (!source) return { ok: false, reason: 'the dev server did not say where this element is written' };
  const vue = VUE_FILE.test(source.file);
  if (!vue && !JSX_FILE.test(source.file)) {
    return { ok: false, reason: `direct edits are written into JSX (.jsx, .tsx) and Vue (.vue) files only, and ${source.file} is neither` };
  }
  const path = `/${source.file}`;
  // The parsers (Babel's, Vue's) are loaded when an edit is applied, not with the IDE.
  const applyEdit = vue ? (await import('./vue-edit')).applyVueEdit : (await import('./jsx-edit')).applyJsxEdit;
  const code = decodeContent(await store.readFile(path)).text;
  const written = applyEdit(code, source, checked.data, { tailwind: await usesTailwind(store) }, source.file);
  if (!written.ok) return written;
  await takeCheckpoint(store, { kind: 'visual-edit', label: `Before a visual edit of <${element.tag}> in ${source.file}:${source.line}` });
  await store.openFile(path);
  store.updateContent(path, written.code);
  await store.save(path);
  return { ok: true, message: `Written to ${source.file} at line ${source.line}. To undo it, restore the checkpoint “Before a visual edit”.` };
}
