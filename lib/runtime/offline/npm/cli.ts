/**
 * The `npm` and `npx` commands of the offline runtime: one entry per command, dispatching on the subcommand.
 * Scripts (`npm run`, lifecycle hooks) run through the shell the caller passes in, so they get its
 * parsing, pipes and PATH lookup.
 */
import { joinPath } from '../paths';
import type { CommandIO } from '../process';
import { npmInstall, type NpmDeps } from './install';

export type { NpmDeps };

export interface NpmCliDeps extends NpmDeps {
  /** Runs one shell command line (a script's body) and resolves with its exit code. */
  runCommandLine(line: string, io: CommandIO): Promise<number>;
}

function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

async function npmRun(script: string | undefined, args: string[], io: CommandIO, deps: NpmCliDeps): Promise<number> {
  const path = joinPath(io.cwd, 'package.json');
  if (!deps.vfs.existsSync(path)) {
    io.write(`npm ERR! Could not read package.json in ${io.cwd}\n`);
    return 1;
  }
  let pkg: { name?: string; version?: string; scripts?: Record<string, string> };
  try {
    pkg = JSON.parse(deps.vfs.readFileSync(path, 'utf8')) as typeof pkg;
  } catch {
    io.write('npm ERR! Failed to parse package.json\n');
    return 1;
  }
  const scripts = pkg.scripts ?? {};
  if (!script) {
    const names = Object.keys(scripts);
    io.write(names.length ? `Scripts available via \`npm run\`:\n${names.map((n) => `  ${n}\n    ${scripts[n]}\n`).join('')}` : '');
    return 0;
  }
  const body = scripts[script];
  if (body === undefined) {
    io.write(`npm ERR! Missing script: "${script}"\n`);
    const names = Object.keys(scripts);
    if (names.length) io.write(`npm ERR! Available scripts: ${names.join(', ')}\n`);
    return 1;
  }
  const env = { ...io.env, npm_lifecycle_event: script, npm_package_name: pkg.name ?? '', npm_package_version: pkg.version ?? '' };
  const label = `${pkg.name ?? ''}@${pkg.version ?? ''}`;
  for (const [name, command] of [
    [`pre${script}`, scripts[`pre${script}`]],
    [script, args.length ? `${body} ${args.map(quoteArg).join(' ')}` : body],
    [`post${script}`, scripts[`post${script}`]],
  ] as const) {
    if (command === undefined) continue;
    io.write(`\n> ${label} ${name}\n> ${command}\n\n`);
    const code = await deps.runCommandLine(command, { ...io, env });
    if (code !== 0 || io.signal.aborted) return code;
  }
  return 0;
}

/** `npm <subcommand> …`; resolves with the exit code. */
export async function runNpm(args: readonly string[], io: CommandIO, deps: NpmCliDeps): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'install' || sub === 'i' || sub === 'add' || sub === 'ci') return npmInstall(rest, io, deps);
  if (sub === 'run' || sub === 'run-script') return npmRun(rest[0], rest.slice(1).filter((a) => a !== '--'), io, deps);
  if (sub === 'start' || sub === 'test' || sub === 't') return npmRun(sub === 't' ? 'test' : sub, rest.filter((a) => a !== '--'), io, deps);
  io.write(`npm ERR! Unknown command: "${sub ?? ''}"\n`);
  return 1;
}

/** `npx <package>[@version] [args…]`; resolves with the exit code. */
export async function runNpx(args: readonly string[], io: CommandIO, deps: NpmCliDeps): Promise<number> {
  void args;
  void deps;
  io.write('npx: not available in this runtime yet\n');
  return 1;
}
