/**
 * The mark a dev server puts on an element to say where it is written, `data-tabsmith-loc="src/App.jsx:12:5"`
 * (project-relative file, 1-based line and column): written by the runtime's Vite plugin, read by the preview's
 * element picker. The file's `%`, `"` and `&` are percent-encoded, so any file name sits in any attribute and reads
 * back as it was.
 */
export const SOURCE_LOCATION_ATTRIBUTE = 'data-tabsmith-loc';

/** The attribute as it is written into markup, with a space before it. */
export function sourceLocationAttribute(file: string, line: number, column: number): string {
  return ` ${SOURCE_LOCATION_ATTRIBUTE}="${file.replace(/[%"&]/g, encodeURIComponent)}:${line}:${column}"`;
}

/** The attribute's value read back; null when it is not one this module wrote. */
export function parseSourceLocation(value: string | null): { file: string; line: number; column: number } | null {
  const match = value?.match(/^(.+):(\d+):(\d+)$/);
  if (!match) return null;
  try {
    return { file: decodeURIComponent(match[1] ?? ''), line: Number(match[2]), column: Number(match[3]) };
  } catch {
    return null;
  }
}
