/** Content addresses: SHA-256 of a file's bytes, as lowercase hex (text is hashed as its UTF-8 bytes). */
import { asBytes } from '../chunks';
import type { FileContent } from '../types';

function hex(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

export async function sha256(content: FileContent): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', asBytes(content) as Uint8Array<ArrayBuffer>));
}
