/**
 * Templates that are the official create-vite ones (create-vite 9.3.0's `template-*` folders, in
 * create-vite/*.json), scaffolded the way create-vite does it: `_gitignore` and `_oxlintrc.json` renamed to
 * their dot names and package.json named after the project. Binary files (the hero image) are stored as
 * base64. They run in the offline runtime with the project's own `vite` package.
 */
import { z } from 'zod';
import react from './create-vite/react.json';
import svelte from './create-vite/svelte.json';
import vue from './create-vite/vue.json';
import type { Template, TemplateFile } from './types';

const templateDataSchema = z.object({
  source: z.string(),
  files: z.array(z.union([z.object({ path: z.string(), content: z.string() }), z.object({ path: z.string(), base64: z.string() })])),
});

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function filesOf(data: unknown): TemplateFile[] {
  return templateDataSchema.parse(data).files.map((file) => ('content' in file ? file : { path: file.path, content: decodeBase64(file.base64) }));
}

export const viteReactTemplate: Template = {
  id: 'vite-react',
  name: 'Vite + React',
  description: 'The official Vite React starter: React 19, Fast Refresh on save.',
  start: 'npm run dev',
  open: ['src/App.jsx'],
  files: filesOf(react),
};

export const viteVueTemplate: Template = {
  id: 'vite-vue',
  name: 'Vite + Vue',
  description: 'The official Vite Vue starter: Vue 3 single-file components, updated in place on save.',
  start: 'npm run dev',
  open: ['src/components/HelloWorld.vue'],
  files: filesOf(vue),
};

export const viteSvelteTemplate: Template = {
  id: 'vite-svelte',
  name: 'Vite + Svelte',
  description: 'The official Vite Svelte starter: Svelte 5, updated in place on save.',
  start: 'npm run dev',
  open: ['src/App.svelte'],
  files: filesOf(svelte),
};
