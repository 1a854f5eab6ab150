/**
 * Colours as Node decides them: `util.inspect.colors` (Node's table of SGR codes, aliases hidden from
 * `Object.keys` as in Node), the colour depth `tty.WriteStream#getColorDepth` reports for an environment
 * (FORCE_COLOR, NO_COLOR, NODE_DISABLE_COLORS, TERM=dumb), and `util.styleText`, which colours only where the
 * stream it writes to would show colours.
 */
import { checkString, invalidArgType, invalidArgValue } from './node-errors';

type Codes = [number, number];

/** `tty.WriteStream#getColorDepth(env)`: 1, 4, 8 or 24 bits. A terminal of this IDE shows 256 colours. */
export function colorDepth(env: Record<string, string | undefined>): number {
  if (env.FORCE_COLOR !== undefined) {
    switch (env.FORCE_COLOR) {
      case '':
      case '1':
      case 'true':
        return 4;
      case '2':
        return 8;
      case '3':
        return 24;
      default:
        return 1;
    }
  }
  if (env.NODE_DISABLE_COLORS !== undefined || env.NO_COLOR !== undefined || env.TERM === 'dumb') return 1;
  if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 24;
  return 8;
}

interface StreamLike {
  isTTY?: boolean;
  getColorDepth?(): number;
  write?: unknown;
  read?: unknown;
  pipe?: unknown;
  getReader?: unknown;
  getWriter?: unknown;
}

export function createStyleText(colors: Record<string, Codes>, process: { env: Record<string, string | undefined>; stdout: unknown }) {
  const shouldColorize = (stream: StreamLike) => {
    if (process.env.FORCE_COLOR !== undefined) return colorDepth(process.env) > 2;
    return Boolean(stream?.isTTY) && (typeof stream.getColorDepth === 'function' ? stream.getColorDepth() > 2 : true);
  };
  const isStream = (value: unknown) => {
    const stream = value as StreamLike | null;
    return (
      typeof stream === 'object' &&
      stream !== null &&
      ['write', 'read', 'pipe', 'getReader', 'getWriter'].some((key) => typeof (stream as Record<string, unknown>)[key] === 'function')
    );
  };
  return function styleText(format: string | string[], text: string, options: { validateStream?: boolean; stream?: unknown } = {}): string {
    checkString(text, 'text');
    const { validateStream = true, stream = process.stdout } = options;
    if (typeof validateStream !== 'boolean') throw invalidArgType('options.validateStream', 'of type boolean', validateStream);
    let skip = false;
    if (validateStream) {
      if (!isStream(stream)) throw invalidArgType('stream', 'an instance of ReadableStream, WritableStream, or Stream', stream);
      skip = !shouldColorize(stream as StreamLike);
    }
    let left = '';
    let right = '';
    for (const key of Array.isArray(format) ? format : [format]) {
      const codes = colors[key];
      if (codes == null) {
        throw invalidArgValue(
          'format',
          key,
          `must be one of: ${Object.keys(colors)
            .map((name) => `'${name}'`)
            .join(', ')}`,
        );
      }
      if (skip) continue;
      left += `\u001b[${codes[0]}m`;
      right = `\u001b[${codes[1]}m${right}`;
    }
    return skip ? text : `${left}${text}${right}`;
  };
}
