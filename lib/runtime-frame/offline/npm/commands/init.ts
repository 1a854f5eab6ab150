/**
 * `npm init` and `npm create`. With an initializer (`npm create vite@latest my-app -- --template react`) it is
 * npm's: the name becomes the create-* package (`foo` → `create-foo`, `@scope` → `@scope/create`,
 * `@scope/foo` → `@scope/create-foo`, the version kept), which then runs exactly as `npm exec` runs it, in
 * the current folder, with the remaining words as its arguments. Without one, npm's default package.json is
 * written (no questions are asked in this terminal, as with `-y`).
 */
import type { VirtualFS } from 'almostnode';
import npa from 'npm-package-arg';
import { joinPath } from '../../paths';
import type { CommandIO } from '../../process';
import type { NpmConfig } from '../config';
import { formatNpmError, NpmError } from '../errors';
import type { NpmDeps } from '../install';
import { execPackages } from './exec';
import type { ScriptRunner } from './run';

/** The package an initializer names, by npm's rules; git initializers keep their host and owner. */
export function initializerPackage(initializer: string): string {
  const scopeOnly = /^@([^/@]+)(?:@(.+))?$/.exec(initializer);
  if (scopeOnly) return `@${scopeOnly[1]}/create${scopeOnly[2] ? `@${scopeOnly[2]}` : ''}`;
  let spec: npa.Result;
  try {
    spec = npa(initializer, '/');
  } catch (error) {
    throw new NpmError('EINVALIDPACKAGENAME', `Invalid initializer ${initializer}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (spec.type === 'git' && spec.hosted) {
    const { user, project } = spec.hosted;
    return initializer.replace(`${user}/${project}`, `${user}/create-${project}`);
  }
  if (spec.registry && spec.name) return `${spec.name.replace(/^(@[^/]+\/)?/, '$1create-')}@${spec.rawSpec}`;
  throw new NpmError(
    'EUNSUPPORTED',
    `Unrecognized initializer: ${initializer}\nFor more package binary executing power check out \`npx\`:\nhttps://docs.npmjs.com/cli/commands/npx`,
  );
}

function configString(config: NpmConfig, key: string): string | undefined {
  const value = config.get(key);
  return typeof value === 'string' && value ? value : undefined;
}

function defaultPackageJson(dir: string, config?: NpmConfig): Record<string, unknown> {
  const folder = dir === '/' ? 'project' : dir.slice(dir.lastIndexOf('/') + 1);
  const name =
    folder
      .toLowerCase()
      .replace(/[^a-z0-9._~-]+/g, '-')
      .replace(/^[._]+/, '') || 'project';
  const authorName = config && configString(config, 'init-author-name');
  const email = config && configString(config, 'init-author-email');
  const url = config && configString(config, 'init-author-url');
  const author = authorName ? `${authorName}${email ? ` <${email}>` : ''}${url ? ` (${url})` : ''}` : '';
  const type = config && configString(config, 'init-type');
  return {
    name,
    version: (config && configString(config, 'init-version')) ?? '1.0.0',
    description: '',
    main: 'index.js',
    ...(type ? { type } : {}),
    scripts: { test: 'echo "Error: no test specified" && exit 1' },
    keywords: [],
    author,
    license: (config && configString(config, 'init-license')) ?? 'ISC',
  };
}

function writeDefaultPackageJson(config: NpmConfig, io: CommandIO, vfs: VirtualFS): number {
  const path = joinPath(io.cwd, 'package.json');
  let existing: Record<string, unknown> = {};
  if (vfs.existsSync(path)) {
    try {
      existing = JSON.parse(vfs.readFileSync(path, 'utf8')) as Record<string, unknown>;
    } catch {
      io.write(`npm error ${path} is not valid JSON; fix or remove it first.\n`);
      return 1;
    }
  }
  // Like npm, an existing package.json keeps its fields; only missing defaults are added.
  const text = `${JSON.stringify({ ...defaultPackageJson(io.cwd, config), ...existing }, null, 2)}\n`;
  vfs.writeFileSync(path, text);
  io.write(`Wrote to ${path}:\n\n${text}\n`);
  return 0;
}

export async function runInit(config: NpmConfig, io: CommandIO, deps: NpmDeps & ScriptRunner): Promise<number> {
  const [initializer, ...args] = config.positionals;
  if (initializer === undefined) return writeDefaultPackageJson(config, io, deps.vfs);
  let command: string;
  try {
    command = initializerPackage(initializer);
  } catch (error) {
    io.write(formatNpmError(error));
    return 1;
  }
  const yes = config.get('yes');
  return execPackages({ packages: [], yes: typeof yes === 'boolean' ? yes : undefined, command, args }, io, deps, config);
}
