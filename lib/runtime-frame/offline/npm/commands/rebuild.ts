/**
 * `npm rebuild [<pkg> …]`: runs the install scripts (preinstall, install, postinstall) that `npm install`
 * skipped, for the named packages or for every installed package that has them. Installs never run a
 * dependency's scripts on their own; this is how the user allows them, package by package.
 */
import type { VirtualFS } from 'almostnode';
import { joinPath } from '../../paths';
import type { CommandIO } from '../../process';
import { findProjectDir, readPackageJson } from '../project';
import { packageFolders } from '../vfs';
import { scriptEnv, type ScriptRunner } from './run';

const INSTALL_HOOKS = ['preinstall', 'install', 'postinstall'] as const;

/** Every installed package folder, nested ones included, as [name, folder]. */
function installedPackages(vfs: VirtualFS, dir: string): [string, string][] {
  const found: [string, string][] = [];
  const walk = (nodeModules: string) => {
    for (const name of packageFolders(vfs, nodeModules)) {
      const folder = joinPath(nodeModules, name);
      found.push([name, folder]);
      walk(joinPath(folder, 'node_modules'));
    }
  };
  walk(joinPath(dir, 'node_modules'));
  return found;
}

export async function runRebuild(args: readonly string[], io: CommandIO, deps: ScriptRunner & { vfs: VirtualFS }): Promise<number> {
  const dir = findProjectDir(deps.vfs, io.cwd);
  const wanted = args.filter((arg) => !arg.startsWith('-')).map((spec) => spec.replace(/(.)@.*$/, '$1'));
  const packages = installedPackages(deps.vfs, dir).filter(([name]) => wanted.length === 0 || wanted.includes(name));
  const missing = wanted.filter((name) => !packages.some(([found]) => found === name));
  if (missing.length) {
    io.write(`npm error ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not installed in ${dir === '/' ? 'this project' : dir}\n`);
    return 1;
  }
  let ran = 0;
  for (const [name, folder] of packages) {
    const pkg = readPackageJson(deps.vfs, folder);
    const scripts = pkg?.scripts ?? {};
    for (const hook of INSTALL_HOOKS) {
      const body = scripts[hook];
      if (!pkg || body === undefined) continue;
      io.write(`\n> ${name}@${pkg.version ?? ''} ${hook}\n> ${body}\n\n`);
      const code = await deps.runCommandLine(body, { ...io, cwd: folder, env: scriptEnv(io.env, folder, pkg, hook, body, io.cwd) });
      if (io.signal.aborted) return 130;
      if (code !== 0) {
        io.write(`npm error ${name} ${hook} script failed with exit code ${code}\n`);
        return code;
      }
      ran++;
    }
  }
  io.write(ran ? `rebuilt dependencies successfully\n` : `no install scripts to run\n`);
  return 0;
}
