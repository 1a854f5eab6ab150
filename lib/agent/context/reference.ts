/**
 * Short stand-ins for long strings in the history the model is sent: a reference to content already written
 * to the workspace (path, size, hash; the model can read the file again), a trimmed output with a note, and
 * a note for an inline image. The stored conversation keeps the originals.
 */

/** FNV-1a, 64 bits as two 32-bit halves: a stable fingerprint, not a security measure. */
export function shortHash(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x85ebca6b) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).byteLength;

/** What replaces text the agent already wrote to a file. */
export function appliedContentReference(text: string, path: string | undefined): string {
  const where = path ? `${path}, ` : '';
  return `[applied: ${where}${formatSize(utf8Bytes(text))}, ${text.split('\n').length} lines, hash ${shortHash(text)}; omitted from the history — read the file to see it]`;
}

/** The head and tail of a long output, with a note saying how much was left out and how to get it. */
export function trimText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = Math.ceil(maxChars * 0.7);
  const tail = maxChars - head;
  const omitted = text.length - head - tail;
  return `${text.slice(0, head)}\n[… ${omitted} characters trimmed from the history; run the tool again, or read a line range, for the full text …]\n${tail > 0 ? text.slice(-tail) : ''}`;
}

export function imageReference(mediaType: string | undefined, name: string | undefined, base64Chars: number): string {
  const label = [name, mediaType].filter(Boolean).join(', ');
  return `[image${label ? ` (${label})` : ''}, about ${formatSize(Math.floor((base64Chars * 3) / 4))}, shown earlier in the conversation; no longer attached]`;
}
