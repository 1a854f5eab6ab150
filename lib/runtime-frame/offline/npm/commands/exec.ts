/**
 * `npx <pkg>[@version] args…` and `npm exec`: runs a package's command from the project's node_modules/.bin
 * when it is there, otherwise installs the package into a cache folder (inside a `node_modules`, so it is
 * never shown in the file tree or persisted) and runs it from there.
 */
import type { VirtualFS } from 'almostnode';
import { binLinkTarget } from '../../bin-link';
import { quoteWords } from '../../command-line';
import { joinPath } from '../../paths';
import type { CommandIO } from '../../process';
import { binsOf } from '../bins';
import { formatNpmError } from '../errors';
import { npmInstall, type NpmDeps } from '../install';
import { versionSatisfies } from '../pick';
import { parseArgSpec, type RegistrySpec } from '../spec';
import { loadNpmConfig, type NpmConfig } from '../config';
import { splitAtCommand } from '../options';
import { installDefaults } from './install';
import { binPath, NPM_USER_AGENT, type ScriptRunner } from './run';

/** Where npx keeps packages it installed for a run; one folder per set of packages. */
const NPX_CACHE = '/node_modules/.cache/_npx';

interface ExecArgs {
  packages: string[];
  yes: boolean | undefined;
  /** `-c '<command line>'`: a shell line instead of a command. */
  call?: string;
  command?: string;
  args: string[];
}

/** Reads `npx`/`npm exec` arguments: npm's options, then the command and its own arguments. */
function parseExecArgs(config: NpmConfig, command: readonly string[]): ExecArgs | string {
  const packages = config.get('package');
  const call = config.get('call');
  const yes = config.get('yes');
  const out: ExecArgs = {
    packages: Array.isArray(packages) ? packages : [],
    yes: typeof yes === 'boolean' ? yes : undefined,
    call: typeof call === 'string' ? call : undefined,
    command: command[0],
    args: command.slice(1),
  };
  if (out.packages.some((spec) => !spec)) return '--package needs a package name';
  if (out.command === undefined && out.call === undefined) return 'npx needs a command to run, e.g. npx cowsay hello';
  return out;
}

/** A small stable hash (FNV-1a) naming a cache folder for a set of package specs. */
function hashSpecs(specs: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of [...specs].sort().join('\n')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function findLocalBin(vfs: VirtualFS, cwd: string, name: string): string | null {
  for (const dir of binPath(cwd)) {
    const path = joinPath(dir, name);
    if (vfs.existsSync(path) && vfs.statSync(path).isFile()) return path;
  }
  return null;
}

/** The file a bin entry runs: a bin link's target, or the file itself. */
function binTarget(vfs: VirtualFS, path: string): string {
  return binLinkTarget(path, vfs.readFileSync(path, 'utf8')) ?? path;
}

function installedSatisfies(vfs: VirtualFS, dir: string, spec: RegistrySpec): boolean {
  const path = joinPath(dir, `node_modules/${spec.name}/package.json`);
  if (!vfs.existsSync(path)) return false;
  try {
    const version = (JSON.parse(vfs.readFileSync(path, 'utf8')) as { version?: string }).version ?? '';
    // Without a version the cached copy is used as is, like npx does within its cache's lifetime.
    return spec.type !== 'tag' || spec.fetchSpec === 'latest' ? versionSatisfies(version, spec) : false;
  } catch {
    return false;
  }
}

/** The command a package offers: its only bin, or the one named like the package. */
function defaultBin(vfs: VirtualFS, dir: string, spec: RegistrySpec): string {
  const bins = Object.keys(binsOf(vfs, joinPath(dir, `node_modules/${spec.name}`)));
  const unscoped = spec.packageName.slice(spec.packageName.lastIndexOf('/') + 1);
  if (bins.length === 1) return bins[0] as string;
  return bins.find((bin) => bin === unscoped) ?? unscoped;
}

/** `npx [options] <command> [args…]` and `npm exec`, with npm's options read from before the command. */
export async function runExec(rawArgs: readonly string[], io: CommandIO, deps: NpmDeps & ScriptRunner): Promise<number> {
  const { options, command } = splitAtCommand(rawArgs);
  const config = loadNpmConfig(options, deps.vfs, io.cwd, io.env);
  for (const warning of config.warnings) io.write(`${warning}\n`);
  const parsed = parseExecArgs(config, [...config.positionals, ...command]);
  if (typeof parsed === 'string') {
    io.write(`npm error ${parsed}\n`);
    return 1;
  }
  return execPackages(parsed, io, deps, config);
}

/** Runs a package's command, installing the package into npx's cache first when the project lacks it. */
export async function execPackages(parsed: ExecArgs, io: CommandIO, deps: NpmDeps & ScriptRunner, config: NpmConfig): Promise<number> {
  const { vfs } = deps;
  try {
    const packages = parsed.packages.length ? parsed.packages : parsed.command !== undefined ? [parsed.command] : [];
    const specs = packages.map(parseArgSpec);
    const explicitVersion = specs.some((spec) => spec.fetchSpec !== '*' && spec.fetchSpec !== 'latest');
    const first = specs[0];
    const binName = parsed.packages.length ? parsed.command : first?.packageName.slice(first.packageName.lastIndexOf('/') + 1);
    const local = binName && !explicitVersion && !parsed.packages.length ? findLocalBin(vfs, io.cwd, binName) : null;
    let extraPath: string[] = [];
    let bin = local;
    if (!local && specs.length) {
      const dir = joinPath(NPX_CACHE, hashSpecs(packages));
      if (!specs.every((spec) => installedSatisfies(vfs, dir, spec))) {
        if (parsed.yes === false) {
          io.write(`npm error npx canceled due to missing packages and no YES option: ${packages.join(', ')}\n`);
          return 1;
        }
        io.write(`npm warn exec The following package${packages.length === 1 ? ' was' : 's were'} not found and will be installed: ${packages.join(', ')}\n`);
        const request = { ...installDefaults(config), specs: packages, dir, noFiles: true };
        const code = await npmInstall(request, { ...io, write: (text) => io.write(text.startsWith('\n') ? '' : text) }, deps);
        if (code !== 0) return code;
      }
      extraPath = [joinPath(dir, 'node_modules/.bin')];
      const name = binName && parsed.packages.length ? binName : first ? defaultBin(vfs, dir, first) : '';
      const path = joinPath(dir, `node_modules/.bin/${name}`);
      bin = vfs.existsSync(path) ? path : null;
      if (!bin && parsed.call === undefined) {
        io.write(`npm error could not determine executable to run: ${packages.join(', ')} has no command named ${name}\n`);
        return 1;
      }
    }
    const env = {
      ...io.env,
      npm_config_user_agent: NPM_USER_AGENT,
      PATH: [...extraPath, ...binPath(io.cwd), io.env.PATH || '/usr/local/bin:/usr/bin:/bin'].join(':'),
    };
    if (parsed.call !== undefined) return await deps.runCommandLine(parsed.call, { ...io, env });
    if (!bin) {
      io.write(`npm error could not determine executable to run: ${parsed.command ?? ''}\n`);
      return 1;
    }
    return await deps.runCommandLine(quoteWords(['node', binTarget(vfs, bin), ...parsed.args]), { ...io, env });
  } catch (error) {
    io.write(formatNpmError(error));
    return 1;
  }
}
