/** What writing a direct edit into a source file comes to, shared by the JSX, Vue and Svelte editors. */
import MagicString from 'magic-string';
import type { StyleEdit } from './style-edit';

export type EditResult = { ok: true; code: string } | { ok: false; reason: string };

/** What an editor is told about the project (apply.ts reads it from package.json). */
export interface EditOptions {
  /** Edits are Tailwind class changes. */
  tailwind: boolean;
  /** JSX style objects take CSS property names (Solid), not React's camelCase. */
  cssStyleKeys?: boolean;
}

/** Writes an edit of the element whose `<` is at the 1-based line and column into a file's text. */
export type ElementEditor = (code: string, at: { line: number; column: number }, edit: StyleEdit, options: EditOptions, file?: string) => EditResult;

/** Each step edits the text in place and answers null, or says why it cannot. */
interface EditSteps {
  text(text: string, edits: MagicString): string | null;
  styles(styles: Omit<StyleEdit, 'text'>, edits: MagicString): string | null;
}

export function elementMoved(at: { line: number; column: number }, file: string): EditResult {
  return { ok: false, reason: `no element starts at line ${at.line}, column ${at.column} of ${file} any more (it changed since you picked it): pick it again` };
}

/** Runs the steps the edit asks for over `code`; any refusal refuses the whole edit, with every reason. */
export function writeEdit(code: string, edit: StyleEdit, steps: EditSteps): EditResult {
  const edits = new MagicString(code);
  const { text, ...styles } = edit;
  const refusals: string[] = [];
  if (text !== undefined) {
    const refused = steps.text(text, edits);
    if (refused) refusals.push(`its text cannot be changed here: ${refused}`);
  }
  if (Object.values(styles).some((value) => value !== undefined)) {
    const refused = steps.styles(styles, edits);
    if (refused) refusals.push(`its style cannot be changed here: ${refused}`);
  }
  if (refusals.length > 0) return { ok: false, reason: refusals.join('; ') };
  return { ok: true, code: edits.toString() };
}
