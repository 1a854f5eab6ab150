/**
 * git's colours. The terminal is xterm, so colour is on unless the environment or the command asks for
 * plain text (NO_COLOR, TERM=dumb, --no-color); the agent's tools strip escapes from what they read.
 */
export interface Palette {
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  bold(text: string): string;
  boldCyan(text: string): string;
}

const wrap = (code: string) => (text: string) => (text === '' ? text : `\x1b[${code}m${text}\x1b[m`);

const COLORED: Palette = {
  red: wrap('31'),
  green: wrap('32'),
  yellow: wrap('33'),
  cyan: wrap('36'),
  bold: wrap('1'),
  boldCyan: wrap('1;36'),
};

const identity = (text: string) => text;
const PLAIN: Palette = { red: identity, green: identity, yellow: identity, cyan: identity, bold: identity, boldCyan: identity };

/** `flag`: --color (true) / --no-color (false) / neither (undefined). */
export function paletteFor(env: Record<string, string>, flag: boolean | undefined, toTerminal = true): Palette {
  if (flag !== undefined) return flag ? COLORED : PLAIN;
  // Like git's color.ui=auto: colour only for a terminal, never into a pipe or a file.
  if (!toTerminal || env.NO_COLOR !== undefined || env.TERM === 'dumb') return PLAIN;
  return COLORED;
}
