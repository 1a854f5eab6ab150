/**
 * mkdtemp as Node's: the prefix may be a string, a Buffer or Uint8Array, or a file: URL; six characters of
 * [A-Za-z0-9] are added to it (the shim's random suffix could be shorter and broke on URL and Buffer prefixes),
 * the folder is made with mode 0o700, and the path comes back as the prefix was written (relative stays
 * relative), as a Buffer when the encoding asks for one. A prefix ending in 'X' warns once per process, as
 * Node does, since platforms treat such templates differently.
 */
import { absolutePath } from './fs-descriptors';

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

interface MkdtempParts {
  cwd(): string;
  warn(message: string): void;
  Buffer: { from(text: string): Uint8Array };
}

function prefixText(prefix: unknown): string {
  if (prefix instanceof URL) return decodeURIComponent(prefix.pathname);
  if (prefix instanceof Uint8Array) return new TextDecoder().decode(prefix);
  return String(prefix);
}

export function addMkdtemp(fs: Record<string, unknown>, parts: MkdtempParts): void {
  let warned = false;
  const mkdirSync = fs.mkdirSync as (path: string, options?: unknown) => void;
  fs.mkdtempSync = (prefix: unknown, options?: unknown): string | Uint8Array => {
    const text = prefixText(prefix);
    if (!warned && text.endsWith('X')) {
      warned = true;
      parts.warn('mkdtemp() templates ending with X are not portable. For details see: https://nodejs.org/api/fs.html');
    }
    let made: string | undefined;
    for (let attempt = 0; made === undefined; attempt++) {
      const random = crypto.getRandomValues(new Uint8Array(6));
      const candidate = text + Array.from(random, (byte) => CHARS[byte % CHARS.length]).join('');
      try {
        mkdirSync(absolutePath(candidate, parts.cwd()), { mode: 0o700 });
        made = candidate;
      } catch (error) {
        if ((error as { code?: string }).code !== 'EEXIST' || attempt > 100) throw Object.assign(error as Error, { syscall: 'mkdtemp', path: `${text}XXXXXX` });
      }
    }
    const encoding = typeof options === 'string' ? options : (options as { encoding?: string } | undefined)?.encoding;
    return encoding === 'buffer' ? parts.Buffer.from(made) : made;
  };
}
