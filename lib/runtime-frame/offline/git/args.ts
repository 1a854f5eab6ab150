/**
 * Option parsing with git's habits: long options with `=` or a separate value, bundled short flags
 * (`-am "msg"`), `-n5`, `--` ending the options, and "unknown option" answered with exit code 129.
 */
import { GitFailure } from './repo';

interface OptionDef {
  /** One-letter alias ("m" for --message). */
  short?: string;
  /** Takes a value (`--message x`, `--message=x`, `-m x`, `-mx`). */
  value?: boolean;
}

type OptionSpec = Record<string, OptionDef>;

export interface ParsedArgs {
  /** Boolean options set, by long name. */
  flags: Set<string>;
  /** Values by long name, in order (an option given twice keeps both). */
  values: Map<string, string[]>;
  /** Operands before `--`. */
  operands: string[];
  /** Operands after `--` (paths), or null when there was no `--`. */
  paths: string[] | null;
}

export function usageError(command: string, message: string, usage: string): GitFailure {
  return new GitFailure(`error: ${message}\nusage: git ${command} ${usage}`, 129);
}

function add(parsed: ParsedArgs, name: string, value: string | undefined): void {
  if (value === undefined) parsed.flags.add(name);
  else parsed.values.set(name, [...(parsed.values.get(name) ?? []), value]);
}

export function parseArgs(command: string, args: readonly string[], spec: OptionSpec, usage: string): ParsedArgs {
  const parsed: ParsedArgs = { flags: new Set(), values: new Map(), operands: [], paths: null };
  const byShort = new Map(Object.entries(spec).flatMap(([name, def]) => (def.short ? [[def.short, name] as const] : [])));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      parsed.paths = args.slice(i + 1);
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = arg.slice(2, eq === -1 ? undefined : eq);
      const def = spec[name];
      if (!def) throw usageError(command, `unknown option \`${name}'`, usage);
      if (!def.value) {
        if (eq !== -1) throw usageError(command, `option \`${name}' takes no value`, usage);
        add(parsed, name, undefined);
        continue;
      }
      const value = eq !== -1 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined) throw usageError(command, `option \`${name}' requires a value`, usage);
      add(parsed, name, value);
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      // -5 is git's short form of -n 5.
      if (/^-\d+$/.test(arg) && spec['max-count']) {
        add(parsed, 'max-count', arg.slice(1));
        continue;
      }
      for (let j = 1; j < arg.length; j++) {
        const letter = arg[j] as string;
        const name = byShort.get(letter);
        if (!name) throw usageError(command, `unknown switch \`${letter}'`, usage);
        if (!spec[name]?.value) {
          add(parsed, name, undefined);
          continue;
        }
        const rest = arg.slice(j + 1);
        const value = rest !== '' ? rest : args[++i];
        if (value === undefined) throw usageError(command, `switch \`${letter}' requires a value`, usage);
        add(parsed, name, value);
        break;
      }
      continue;
    }
    parsed.operands.push(arg);
  }
  return parsed;
}

/** The last value of an option, or undefined. */
export function lastValue(parsed: ParsedArgs, name: string): string | undefined {
  const values = parsed.values.get(name);
  return values?.[values.length - 1];
}
