/**
 * Keeping credentials out of what git prints. A URL typed as `https://user:token@host/repo` is split into
 * the URL git stores and shows (`https://host/repo`) and the credentials handed to isomorphic-git on request;
 * every line the network commands print also passes through `redact`, so a token a server or an error echoes
 * back is masked too.
 */
import type { GitAuth } from 'isomorphic-git';
import type { CommandIO } from '../process';

/** The user-information part of any `scheme://…@` URL in a text. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*@/gi;

/** Shorter strings are not masked on their own: hiding "x" or "git" everywhere would garble the output. */
const MIN_SECRET_LENGTH = 6;

interface SplitUrl {
  /** The URL without user information. */
  url: string;
  /** What the user information held, or null when there was none. */
  auth: GitAuth | null;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Takes `user:password@` out of an http(s) URL. */
export function splitCredentials(raw: string): SplitUrl {
  const match = /^(https?:\/\/)([^/?#]*)@/i.exec(raw);
  if (!match) return { url: raw, auth: null };
  const userinfo = match[2] ?? '';
  const url = `${match[1] ?? ''}${raw.slice(match[0].length)}`;
  const colon = userinfo.indexOf(':');
  const username = decode(colon === -1 ? userinfo : userinfo.slice(0, colon));
  const password = colon === -1 ? undefined : decode(userinfo.slice(colon + 1));
  return { url, auth: password === undefined ? { username } : { username, password } };
}

/**
 * The strings of `auth` worth masking wherever they appear: the password, or the user name when it stands
 * alone (`https://<token>@host/…` is how several hosts take a token).
 */
export function secretsOf(auth: GitAuth | null | undefined): string[] {
  if (!auth) return [];
  const candidates = auth.password ? [auth.password] : auth.username ? [auth.username] : [];
  return candidates.flatMap((secret) => [secret, encodeURIComponent(secret)]).filter((secret) => secret.length >= MIN_SECRET_LENGTH);
}

/** `text` with URL user information removed and every known secret replaced by `***`. */
function redact(text: string, secrets: Iterable<string> = []): string {
  let out = text.replace(USERINFO, '$1');
  for (const secret of secrets) if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join('***');
  return out;
}

/** The command's output and errors, passed through `redact` with the secrets known at the time of writing. */
export function redactingIO(io: CommandIO, secrets: ReadonlySet<string>): CommandIO {
  const writeError = io.writeError;
  return {
    ...io,
    write: (text) => io.write(redact(text, secrets)),
    writeError: writeError ? (text) => writeError(redact(text, secrets)) : undefined,
    // Bytes would bypass the masking; git's commands write text only.
    writeBytes: undefined,
  };
}
