/** `npm init [-y]`: writes npm's default package.json (no questions are asked in this terminal). */
import { joinPath } from '../../paths';
import type { CommandIO } from '../../process';
import type { VirtualFS } from 'almostnode';

export function defaultPackageJson(dir: string): Record<string, unknown> {
  const folder = dir === '/' ? 'project' : dir.slice(dir.lastIndexOf('/') + 1);
  const name = folder.toLowerCase().replace(/[^a-z0-9._~-]+/g, '-').replace(/^[._]+/, '') || 'project';
  return {
    name,
    version: '1.0.0',
    description: '',
    main: 'index.js',
    scripts: { test: 'echo "Error: no test specified" && exit 1' },
    keywords: [],
    author: '',
    license: 'ISC',
  };
}

export function runInit(args: readonly string[], io: CommandIO, deps: { vfs: VirtualFS }): number {
  if (args.some((arg) => !arg.startsWith('-'))) {
    io.write('npm error npm init <initializer> (create-* packages) is not supported here; run npx create-<name> instead.\n');
    return 1;
  }
  const path = joinPath(io.cwd, 'package.json');
  let existing: Record<string, unknown> = {};
  if (deps.vfs.existsSync(path)) {
    try {
      existing = JSON.parse(deps.vfs.readFileSync(path, 'utf8')) as Record<string, unknown>;
    } catch {
      io.write(`npm error ${path} is not valid JSON; fix or remove it first.\n`);
      return 1;
    }
  }
  // Like npm, an existing package.json keeps its fields; only missing defaults are added.
  const text = `${JSON.stringify({ ...defaultPackageJson(io.cwd), ...existing }, null, 2)}\n`;
  deps.vfs.writeFileSync(path, text);
  io.write(`Wrote to ${path}:\n\n${text}\n`);
  return 0;
}
