/**
 * Which CodeMirror language a file gets, by extension. Language packs are imported lazily so that opening a
 * CSS file never downloads the JavaScript parser, and the editor's first paint does not wait for any of them.
 */
import type { Extension } from '@codemirror/state';

type LanguageId = 'javascript' | 'jsx' | 'typescript' | 'tsx' | 'json' | 'css' | 'html' | 'markdown';

const BY_EXTENSION: Readonly<Record<string, LanguageId>> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  json: 'json',
  jsonc: 'json',
  css: 'css',
  html: 'html',
  htm: 'html',
  md: 'markdown',
  markdown: 'markdown',
};

/** Files known by their whole name rather than an extension. */
const BY_NAME: Readonly<Record<string, LanguageId>> = {
  '.babelrc': 'json',
  '.eslintrc': 'json',
  '.prettierrc': 'json',
};

/** The language for a path, or null for plain text. Case-insensitive on the extension. */
export function languageForPath(path: string): LanguageId | null {
  const name = (path.split('/').pop() ?? '').toLowerCase();
  const byName = BY_NAME[name];
  if (byName) return byName;
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null; // no extension, or a dotfile like ".env"
  return BY_EXTENSION[name.slice(dot + 1)] ?? null;
}

const LOADERS: Readonly<Record<LanguageId, () => Promise<Extension>>> = {
  javascript: async () => (await import('@codemirror/lang-javascript')).javascript(),
  jsx: async () => (await import('@codemirror/lang-javascript')).javascript({ jsx: true }),
  typescript: async () => (await import('@codemirror/lang-javascript')).javascript({ typescript: true }),
  tsx: async () => (await import('@codemirror/lang-javascript')).javascript({ jsx: true, typescript: true }),
  json: async () => (await import('@codemirror/lang-json')).json(),
  css: async () => (await import('@codemirror/lang-css')).css(),
  html: async () => (await import('@codemirror/lang-html')).html(),
  markdown: async () => (await import('@codemirror/lang-markdown')).markdown(),
};

/** Loads the language support for a path; resolves to null for plain text. */
export async function loadLanguage(path: string): Promise<Extension | null> {
  const id = languageForPath(path);
  return id ? LOADERS[id]() : null;
}
