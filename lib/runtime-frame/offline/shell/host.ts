/** What the shell interpreter needs from the runtime: its files and the commands it can start. */
import type { VirtualFS } from 'almostnode';
import type { CommandIO } from '../process';

export type Program = (args: string[], io: CommandIO) => Promise<number>;

interface BufferedResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface BufferedOptions {
  cwd: string;
  env: Record<string, string>;
  stdin: string;
  signal: AbortSignal;
}

/** Commands that take their whole input and give their whole output at once (just-bash's coreutils). */
export interface Coreutils {
  has(name: string): boolean;
  names(): readonly string[];
  run(argv: readonly string[], options: BufferedOptions): Promise<BufferedResult>;
  /** A whole line in bash syntax the interpreter does not read itself; `env` is the environment it ended with. */
  script(line: string, options: BufferedOptions): Promise<BufferedResult & { env: Record<string, string> }>;
}

export interface ShellHost {
  vfs: VirtualFS;
  /** The runtime's own streaming commands: node, npm, npx, git. */
  programs: Readonly<Record<string, Program>>;
  /** Runs a JavaScript file with node (a bin link's target, a `#!/usr/bin/env node` script). */
  runNodeFile(path: string, args: string[], io: CommandIO): Promise<number>;
  coreutils: Coreutils;
}
