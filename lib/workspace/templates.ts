/**
 * Starter projects shipped with the app (no network needed to create one). Each one runs in the offline
 * runtime: `start` is what the UI runs in a terminal, after `npm install` when the template has a package.json.
 */
import { nodeHttpTemplate } from './templates/node-http';
import { staticHtmlTemplate } from './templates/static-html';
import type { Template, TemplateId } from './templates/types';
import { viteReactTemplate, viteSvelteTemplate, viteVueTemplate } from './templates/create-vite';

export type { TemplateId } from './templates/types';

const emptyTemplate: Template = {
  id: 'empty',
  name: 'Empty',
  description: 'No files: start from scratch.',
  start: null,
  open: [],
  files: [],
};

/** In the order the "new workspace" picker shows them. */
export const TEMPLATES: readonly Template[] = [viteReactTemplate, viteVueTemplate, viteSvelteTemplate, nodeHttpTemplate, staticHtmlTemplate, emptyTemplate];

export function getTemplate(id: string): Template | null {
  return TEMPLATES.find((template) => template.id === id) ?? null;
}

export function isTemplateId(id: string): id is TemplateId {
  return getTemplate(id) !== null;
}
