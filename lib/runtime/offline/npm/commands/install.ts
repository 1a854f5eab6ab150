/** `npm install|i|add`, `npm ci` and `npm uninstall|remove|rm`: argument parsing around install.ts. */
import type { CommandIO } from '../../process';
import { npmInstall, type InstallRequest, type NpmDeps } from '../install';
import { DEP_KINDS, findProjectDir, readPackageJson, writePackageJson } from '../project';
import type { OmitKind } from '../reify';
import { parseArgSpec } from '../spec';
import { formatNpmError } from '../errors';

// Flags npm accepts that change nothing here (scripts never run, there is one registry, no audit).
const IGNORED = /^--(no-)?(ignore-scripts|audit|fund|progress|package-lock|prefer-offline|prefer-online|offline|force|foreground-scripts|strict-peer-deps|include=.*|loglevel=.*|registry=.*|install-links|bin-links)$/;

export function parseInstallArgs(args: readonly string[], clean: boolean): InstallRequest | string {
  const request: InstallRequest = {
    specs: [],
    saveKind: 'dependencies',
    save: true,
    saveExact: false,
    omit: new Set<OmitKind>(),
    legacyPeerDeps: false,
    clean,
  };
  for (const arg of args) {
    if (!arg.startsWith('-')) request.specs.push(arg);
    else if (arg === '-D' || arg === '--save-dev') request.saveKind = 'devDependencies';
    else if (arg === '-O' || arg === '--save-optional') request.saveKind = 'optionalDependencies';
    else if (arg === '--save-peer') request.saveKind = 'peerDependencies';
    else if (arg === '-P' || arg === '--save-prod' || arg === '-S' || arg === '--save') request.saveKind = 'dependencies';
    else if (arg === '-E' || arg === '--save-exact') request.saveExact = true;
    else if (arg === '--no-save') request.save = false;
    else if (arg === '--production' || arg === '--omit=dev') request.omit.add('dev');
    else if (arg === '--omit=optional' || arg === '--no-optional') request.omit.add('optional');
    else if (arg === '--omit=peer') request.omit.add('peer');
    else if (arg === '--legacy-peer-deps') request.legacyPeerDeps = true;
    else if (arg === '-g' || arg === '--global' || arg === '--location=global') {
      return 'Global installs are not supported in this runtime: install into the project (npm install <pkg>) or run a tool with npx <pkg>.';
    } else if (!IGNORED.test(arg)) {
      return `Unknown option for npm install: ${arg}`;
    }
  }
  if (clean && request.specs.length) return '`npm ci` installs exactly what package-lock.json says and takes no package names.';
  return request;
}

export async function runInstallCommand(args: readonly string[], clean: boolean, io: CommandIO, deps: NpmDeps): Promise<number> {
  const request = parseInstallArgs(args, clean);
  if (typeof request === 'string') {
    io.write(`npm error ${request}\n`);
    return 1;
  }
  return npmInstall(request, io, deps);
}

/** Removes the packages from package.json, then installs what is left (which removes their folders). */
export async function runUninstall(args: readonly string[], io: CommandIO, deps: NpmDeps): Promise<number> {
  const names = args.filter((arg) => !arg.startsWith('-'));
  if (names.length === 0) {
    io.write('npm error Must provide a package name to remove\n');
    return 1;
  }
  const dir = findProjectDir(deps.vfs, io.cwd);
  try {
    const pkg = readPackageJson(deps.vfs, dir);
    if (!pkg) {
      io.write(`npm error No package.json in ${dir}\n`);
      return 1;
    }
    const next = { ...pkg };
    for (const raw of names) {
      const name = parseArgSpec(raw).name;
      for (const kind of DEP_KINDS) {
        if (next[kind]?.[name] !== undefined) next[kind] = Object.fromEntries(Object.entries(next[kind] ?? {}).filter(([key]) => key !== name));
      }
    }
    writePackageJson(deps.vfs, dir, next);
    return await npmInstall({ specs: [], saveKind: 'dependencies', save: true, saveExact: false, omit: new Set(), legacyPeerDeps: false, clean: false, dir }, io, deps);
  } catch (error) {
    io.write(formatNpmError(error));
    return 1;
  }
}
