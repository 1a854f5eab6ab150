/** The ANSI colours Node's test reporters use, or none when the output does not take colours. */
export interface Colors {
  red: string;
  green: string;
  blue: string;
  gray: string;
  white: string;
}

export function colorsFor(enabled: boolean): Colors {
  return enabled
    ? { red: '\u001b[31m', green: '\u001b[32m', blue: '\u001b[34m', gray: '\u001b[90m', white: '\u001b[39m' }
    : { red: '', green: '', blue: '', gray: '', white: '' };
}

/** Node's rule (shouldColorize): FORCE_COLOR, NO_COLOR and NODE_DISABLE_COLORS first, then whether it is a colour TTY. */
export function shouldColorize(env: Record<string, string | undefined>, stream: { isTTY?: boolean; hasColors?: () => boolean }): boolean {
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.NO_COLOR !== undefined || env.NODE_DISABLE_COLORS !== undefined || env.TERM === 'dumb') return false;
  return stream.isTTY === true && (stream.hasColors?.() ?? true);
}
