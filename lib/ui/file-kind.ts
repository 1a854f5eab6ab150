/** A short glyph and a spoken type for a file, by extension, for the file tree's type markers. */
interface FileKind {
  glyph: string;
  label: string;
}

const KINDS: Record<string, FileKind> = {
  js: { glyph: 'JS', label: 'JavaScript' },
  mjs: { glyph: 'JS', label: 'JavaScript' },
  cjs: { glyph: 'JS', label: 'JavaScript' },
  jsx: { glyph: 'JSX', label: 'JavaScript React' },
  ts: { glyph: 'TS', label: 'TypeScript' },
  tsx: { glyph: 'TSX', label: 'TypeScript React' },
  json: { glyph: '{}', label: 'JSON' },
  css: { glyph: '#', label: 'CSS' },
  html: { glyph: '<>', label: 'HTML' },
  htm: { glyph: '<>', label: 'HTML' },
  md: { glyph: 'M↓', label: 'Markdown' },
  svg: { glyph: 'SVG', label: 'SVG image' },
  png: { glyph: 'IMG', label: 'image' },
  jpg: { glyph: 'IMG', label: 'image' },
  jpeg: { glyph: 'IMG', label: 'image' },
  gif: { glyph: 'IMG', label: 'image' },
  webp: { glyph: 'IMG', label: 'image' },
  txt: { glyph: 'TXT', label: 'text' },
};

const PLAIN: FileKind = { glyph: '·', label: 'file' };

export function fileKind(name: string): FileKind {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return PLAIN;
  return KINDS[name.slice(dot + 1).toLowerCase()] ?? PLAIN;
}
