/**
 * The `console` a node process's modules see: Node's formatting (printf-style `%s %d %i %f %j %o %O %c`
 * placeholders, strings as they are, other values inspected), written to the process's own terminal.
 */

export type Inspect = (value: unknown) => string;

function formatWith(inspect: Inspect, args: readonly unknown[]): string {
  const show = (value: unknown) =>
    typeof value === 'string' ? value : value instanceof Error ? (value.stack ?? `${value.name}: ${value.message}`) : inspect(value);
  if (typeof args[0] !== 'string') return args.map(show).join(' ');
  let index = 1;
  const head = args[0].replace(/%[sdifjoOc%]/g, (token) => {
    if (token === '%%') return '%';
    if (index >= args.length) return token;
    const value = args[index++];
    switch (token) {
      case '%s':
        return typeof value === 'string' ? value : typeof value === 'bigint' ? `${value}n` : show(value);
      case '%d':
      case '%i': {
        const number = token === '%i' ? parseInt(String(value), 10) : Number(value);
        return typeof value === 'bigint' ? `${value}n` : String(number);
      }
      case '%f':
        return String(parseFloat(String(value)));
      case '%j':
        try {
          return JSON.stringify(value);
        } catch {
          return '[Circular]';
        }
      case '%c':
        return '';
      default:
        return inspect(value);
    }
  });
  return [head, ...args.slice(index).map(show)].join(' ');
}

export function createConsole(write: (text: string) => void, writeError: (text: string) => void, inspect: Inspect, Console?: unknown): Record<string, unknown> {
  const line = (...args: unknown[]) => write(`${formatWith(inspect, args)}\n`);
  let indent = '';
  const indented = (...args: unknown[]) => write(`${formatWith(inspect, args).replace(/^/gm, indent)}\n`);
  const indentedError = (...args: unknown[]) => writeError(`${formatWith(inspect, args).replace(/^/gm, indent)}\n`);
  const counts = new Map<string, number>();
  const timers = new Map<string, number>();
  return {
    log: indented,
    info: indented,
    debug: indented,
    warn: indentedError,
    error: indentedError,
    trace: (...args: unknown[]) => writeError(`Trace: ${formatWith(inspect, args)}\n${new Error().stack?.split('\n').slice(2).join('\n') ?? ''}\n`),
    dir: (value: unknown) => line(inspect(value)),
    dirxml: indented,
    table: (value: unknown) => line(inspect(value)),
    assert: (condition: unknown, ...args: unknown[]) => {
      if (!condition) writeError(`Assertion failed${args.length ? `: ${formatWith(inspect, args)}` : ''}\n`);
    },
    group: (...args: unknown[]) => {
      if (args.length) indented(...args);
      indent += '  ';
    },
    groupCollapsed: (...args: unknown[]) => {
      if (args.length) indented(...args);
      indent += '  ';
    },
    groupEnd: () => void (indent = indent.slice(2)),
    count: (label = 'default') => {
      const count = (counts.get(label) ?? 0) + 1;
      counts.set(label, count);
      line(`${label}: ${count}`);
    },
    countReset: (label = 'default') => void counts.delete(label),
    time: (label = 'default') => void timers.set(label, performance.now()),
    timeLog: (label = 'default', ...args: unknown[]) => {
      const started = timers.get(label);
      if (started !== undefined) line(`${label}: ${(performance.now() - started).toFixed(3)}ms`, ...args);
    },
    timeEnd: (label = 'default') => {
      const started = timers.get(label);
      if (started === undefined) return;
      timers.delete(label);
      line(`${label}: ${(performance.now() - started).toFixed(3)}ms`);
    },
    clear: () => undefined,
    Console,
  };
}
