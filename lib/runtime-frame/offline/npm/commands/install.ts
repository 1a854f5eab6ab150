/** `npm install|i|add`, `npm ci` and `npm uninstall|remove|rm`: argument parsing around install.ts. */
import type { CommandIO } from '../../process';
import { npmInstall, type InstallRequest, type NpmDeps } from '../install';
import { DEP_KINDS, findProjectDir, readPackageJson, writePackageJson } from '../project';
import type { OmitKind } from '../reify';
import { parseArgSpec } from '../spec';
import { formatNpmError } from '../errors';
import type { NpmConfig } from '../config';

function listOf(config: NpmConfig, key: string): string[] {
  const value = config.get(key);
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}

/** What every install takes from npm's configuration (.npmrc and flags): peers, saving rules, registries. */
export function installDefaults(config: NpmConfig): InstallRequest {
  const prefix = config.get('save-prefix');
  return {
    specs: [],
    saveKind: 'dependencies',
    save: config.get('save') !== false,
    saveExact: config.flag('save-exact'),
    savePrefix: typeof prefix === 'string' ? prefix : '^',
    omit: new Set<OmitKind>(),
    legacyPeerDeps: config.flag('legacy-peer-deps'),
    clean: false,
    writeLock: config.get('package-lock') !== false,
    scopeRegistries: config.scopeRegistries,
  };
}

const OMIT_KINDS: readonly string[] = ['dev', 'optional', 'peer'];

function parseInstallArgs(config: NpmConfig, clean: boolean): InstallRequest | string {
  const request: InstallRequest = { ...installDefaults(config), specs: [...config.positionals], clean };
  if (config.flag('save-dev')) request.saveKind = 'devDependencies';
  else if (config.flag('save-optional')) request.saveKind = 'optionalDependencies';
  else if (config.flag('save-peer')) request.saveKind = 'peerDependencies';
  const omit = listOf(config, 'omit');
  if (config.flag('production') || config.get('only') === 'prod') omit.push('dev');
  if (config.get('optional') === false) omit.push('optional');
  const include = new Set(listOf(config, 'include'));
  for (const kind of omit) {
    if (!OMIT_KINDS.includes(kind)) return `Invalid value for omit: ${kind} (must be dev, optional or peer)`;
    if (!include.has(kind)) request.omit.add(kind as OmitKind);
  }
  if (config.flag('global') || config.get('location') === 'global') {
    return 'Global installs are not supported in this runtime: install into the project (npm install <pkg>) or run a tool with npx <pkg>.';
  }
  if (clean && request.specs.length) return '`npm ci` installs exactly what package-lock.json says and takes no package names.';
  return request;
}

export async function runInstallCommand(config: NpmConfig, clean: boolean, io: CommandIO, deps: NpmDeps): Promise<number> {
  const request = parseInstallArgs(config, clean);
  if (typeof request === 'string') {
    io.write(`npm error ${request}\n`);
    return 1;
  }
  return npmInstall({ ...request, cwd: io.cwd }, io, deps);
}

/** Removes the packages from package.json, then installs what is left (which removes their folders). */
export async function runUninstall(config: NpmConfig, io: CommandIO, deps: NpmDeps): Promise<number> {
  const names = config.positionals;
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
    return await npmInstall({ ...installDefaults(config), dir }, io, deps);
  } catch (error) {
    io.write(formatNpmError(error));
    return 1;
  }
}
