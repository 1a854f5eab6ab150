/**
 * TypeScript 7's `tsc` is a native (Go) executable: the `typescript` package only holds a launcher that execs
 * the binary of a platform package (`@typescript/typescript-linux-x64`, …), and there is no WebAssembly build a
 * tab could run instead. The runtime therefore runs the same command with TypeScript 6's compiler, the last
 * JavaScript release of the same checker (6.0 took on 7.0's defaults and reads the same tsconfig options), which
 * npx installs into its cache on first use. Errors, exit codes and `tsc -b` build info are that compiler's own.
 */
import type { VirtualFS } from 'almostnode';
import { quoteWords } from '../command-line';

/** The JavaScript compiler the runtime runs in place of a native TypeScript. */
export const JS_TYPESCRIPT = 'typescript@~6.0.3';

const TSC_LAUNCHER = /^(.*\/node_modules\/typescript)\/(bin\/tsc|lib\/tsc\.js)$/;

interface TypeScriptManifest {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

/** The version of the native TypeScript whose launcher `filename` is, or null when it is not one. */
export function nativeTypeScriptAt(vfs: VirtualFS, filename: string): string | null {
  const dir = TSC_LAUNCHER.exec(filename)?.[1];
  if (!dir) return null;
  try {
    const manifest = JSON.parse(vfs.readFileSync(`${dir}/package.json`, 'utf8') as string) as TypeScriptManifest;
    const native = Object.keys(manifest.optionalDependencies ?? {}).some((name) => name.startsWith('@typescript/typescript-'));
    return native ? (manifest.version ?? '') : null;
  } catch {
    return null;
  }
}

/** The command line that runs `tsc args…` with the JavaScript compiler, and the note that says so. */
export function javaScriptTscCommand(nativeVersion: string, args: readonly string[]): { line: string; note: string } {
  return {
    line: quoteWords(['npx', '--yes', '--package', JS_TYPESCRIPT, '--', 'tsc', ...args]),
    note: `tsc: TypeScript ${nativeVersion} is a native program, which cannot run in a browser tab; checking with ${JS_TYPESCRIPT}, its JavaScript release\n`,
  };
}
