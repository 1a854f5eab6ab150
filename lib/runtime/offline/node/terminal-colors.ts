/**
 * Colours as Node decides them: `util.inspect.colors` (Node's table of SGR codes, aliases hidden from
 * `Object.keys` as in Node), the colour depth `tty.WriteStream#getColorDepth` reports for an environment
 * (FORCE_COLOR, NO_COLOR, NODE_DISABLE_COLORS, TERM=dumb), and `util.styleText`, which colours only where the
 * stream it writes to would show colours.
 */
import { checkString, invalidArgType, invalidArgValue } from './node-errors';

type Codes = [number, number];

export function inspectColors(): Record<string, Codes> {
  const colors: Record<string, Codes> = Object.assign(Object.create(null), {
    reset: [0, 0], bold: [1, 22], dim: [2, 22], italic: [3, 23], underline: [4, 24], blink: [5, 25], inverse: [7, 27],
    hidden: [8, 28], strikethrough: [9, 29], doubleunderline: [21, 24], black: [30, 39], red: [31, 39], green: [32, 39],
    yellow: [33, 39], blue: [34, 39], magenta: [35, 39], cyan: [36, 39], white: [37, 39], bgBlack: [40, 49],
    bgRed: [41, 49], bgGreen: [42, 49], bgYellow: [43, 49], bgBlue: [44, 49], bgMagenta: [45, 49], bgCyan: [46, 49],
    bgWhite: [47, 49], framed: [51, 54], overlined: [53, 55], gray: [90, 39], redBright: [91, 39],
    greenBright: [92, 39], yellowBright: [93, 39], blueBright: [94, 39], magentaBright: [95, 39], cyanBright: [96, 39],
    whiteBright: [97, 39], bgGray: [100, 49], bgRedBright: [101, 49], bgGreenBright: [102, 49],
    bgYellowBright: [103, 49], bgBlueBright: [104, 49], bgMagentaBright: [105, 49], bgCyanBright: [106, 49],
    bgWhiteBright: [107, 49],
  });
  const aliases: [string, string][] = [
    ['gray', 'grey'], ['gray', 'blackBright'], ['bgGray', 'bgGrey'], ['bgGray', 'bgBlackBright'], ['dim', 'faint'],
    ['strikethrough', 'crossedout'], ['strikethrough', 'strikeThrough'], ['strikethrough', 'crossedOut'],
    ['hidden', 'conceal'], ['inverse', 'swapColors'], ['inverse', 'swapcolors'], ['doubleunderline', 'doubleUnderline'],
  ];
  for (const [target, alias] of aliases) {
    Object.defineProperty(colors, alias, { get: () => colors[target], set: (value: Codes) => (colors[target] = value), configurable: true, enumerable: false });
  }
  return colors;
}

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
    return typeof stream === 'object' && stream !== null && ['write', 'read', 'pipe', 'getReader', 'getWriter'].some((key) => typeof (stream as Record<string, unknown>)[key] === 'function');
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
        throw invalidArgValue('format', key, `must be one of: ${Object.keys(colors).map((name) => `'${name}'`).join(', ')}`);
      }
      if (skip) continue;
      left += `\u001b[${codes[0]}m`;
      right = `\u001b[${codes[1]}m${right}`;
    }
    return skip ? text : `${left}${text}${right}`;
  };
}
