/** `npm view <pkg>[@spec] [field…]` (alias `info`, `show`, `v`): what the registry has for a package. */
import type { CommandIO } from '../../process';
import { formatNpmError } from '../errors';
import { createRegistryFor, type NpmDeps } from '../install';
import { pickManifest } from '../pick';
import type { Packument, VersionManifest } from '../schemas';
import { parseArgSpec } from '../spec';

function lookup(source: unknown, field: string): unknown {
  let value = source;
  for (const key of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** A field from the chosen version first, then from the package document (`versions`, `dist-tags`, …). */
function viewField(packument: Packument, manifest: VersionManifest, field: string): unknown {
  if (field === 'versions') return Object.keys(packument.versions);
  const fromVersion = lookup(manifest, field);
  return fromVersion !== undefined ? fromVersion : lookup(packument, field);
}

function overview(packument: Packument, manifest: VersionManifest): string {
  const deps = Object.entries(manifest.dependencies ?? {});
  const tags = Object.entries(packument['dist-tags']).map(([tag, version]) => `${tag}: ${version}`);
  return [
    '',
    `${manifest.name}@${manifest.version} | ${manifest.license ?? 'license unknown'} | deps: ${deps.length || 'none'} | versions: ${Object.keys(packument.versions).length}`,
    manifest.deprecated ? `DEPRECATED: ${String(manifest.deprecated)}` : '',
    deps.length ? `\ndependencies:\n${deps.map(([name, range]) => `${name}: ${range}`).join('\n')}` : '',
    `\ndist\n.tarball: ${manifest.dist.tarball}\n${manifest.dist.integrity ? `.integrity: ${manifest.dist.integrity}\n` : ''}`,
    `dist-tags:\n${tags.join('\n')}`,
    '',
  ]
    .filter((line, index, all) => line !== '' || index === 0 || index === all.length - 1)
    .join('\n');
}

export async function runView(args: readonly string[], io: CommandIO, deps: NpmDeps): Promise<number> {
  const [target, ...fields] = args.filter((arg) => !arg.startsWith('-'));
  const json = args.includes('--json');
  if (!target) {
    io.write('npm error Usage: npm view <package>[@<version>] [<field>[.subfield]...]\n');
    return 1;
  }
  try {
    const spec = parseArgSpec(target);
    const packument = await createRegistryFor(deps, io.signal).packument(spec.packageName);
    const manifest = pickManifest(packument, spec);
    if (fields.length === 0) {
      io.write(json ? `${JSON.stringify(manifest, null, 2)}\n` : `${overview(packument, manifest)}\n`);
      return 0;
    }
    for (const field of fields) {
      const value = viewField(packument, manifest, field);
      if (value === undefined) continue;
      const text = json ? JSON.stringify(value, null, 2) : show(value);
      io.write(fields.length > 1 ? `${field} = ${text}\n` : `${text}\n`);
    }
    return 0;
  } catch (error) {
    if (io.signal.aborted) return 130;
    io.write(formatNpmError(error));
    return 1;
  }
}
