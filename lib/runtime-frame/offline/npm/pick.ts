/**
 * Chooses the version a spec installs, following npm-pick-manifest: a dist-tag names its version; for a range,
 * the `latest` tag wins when it satisfies the range, otherwise the highest satisfying version that is not
 * deprecated (a deprecated one only when nothing else fits).
 */
import semver from 'semver';
import { NpmError, listVersions } from './errors';
import type { Packument, VersionManifest } from './schemas';
import type { RegistrySpec } from './spec';

/** Whether an installed version meets a spec. A dist-tag is taken on trust (as npm does): any version fits. */
export function versionSatisfies(version: string, spec: Pick<RegistrySpec, 'type' | 'fetchSpec'>): boolean {
  if (spec.type === 'tag') return true;
  if (spec.fetchSpec === '*' || spec.fetchSpec === '') return true;
  return semver.satisfies(version, spec.fetchSpec, { loose: true });
}

function sortedVersions(packument: Packument): string[] {
  return Object.keys(packument.versions)
    .filter((version) => semver.valid(version, { loose: true }))
    .sort((a, b) => semver.compare(a, b, { loose: true }));
}

function describeTags(packument: Packument): string {
  const tags = Object.entries(packument['dist-tags']).map(([tag, version]) => `${tag}: ${version}`);
  return tags.length ? tags.join(', ') : '(none)';
}

function noMatch(packument: Packument, spec: RegistrySpec, requiredBy?: string): NpmError {
  const wanted = `${spec.packageName}@${spec.fetchSpec}`;
  const lines = [
    `No matching version found for ${wanted}${requiredBy ? ` (needed by ${requiredBy})` : ''}.`,
    `The registry has ${spec.packageName} versions: ${listVersions(sortedVersions(packument))}`,
    `dist-tags: ${describeTags(packument)}`,
  ];
  return new NpmError('ETARGET', lines.join('\n'));
}

/** The manifest `spec` installs from `packument`, or an ETARGET error listing what the registry has. */
export function pickManifest(packument: Packument, spec: RegistrySpec, requiredBy?: string): VersionManifest {
  const versions = packument.versions;
  if (spec.type === 'tag') {
    const tagged = packument['dist-tags'][spec.fetchSpec];
    const manifest = tagged ? versions[tagged] : undefined;
    if (!manifest) throw noMatch(packument, spec, requiredBy);
    return manifest;
  }
  const range = spec.fetchSpec || '*';
  const latest = packument['dist-tags'].latest;
  const latestManifest = latest ? versions[latest] : undefined;
  if (latestManifest && !latestManifest.deprecated && (range === '*' || semver.satisfies(latest as string, range, { loose: true }))) {
    return latestManifest;
  }
  const candidates = sortedVersions(packument)
    .filter((version) => range === '*' || semver.satisfies(version, range, { loose: true }))
    .reverse();
  // `*` on a package whose only versions are prereleases still installs something, as npm does.
  const pool = candidates.length || range !== '*' ? candidates : sortedVersions(packument).reverse();
  const chosen = pool.find((version) => !versions[version]?.deprecated) ?? pool[0];
  const manifest = chosen ? versions[chosen] : undefined;
  if (!manifest) throw noMatch(packument, spec, requiredBy);
  return manifest;
}

/**
 * For a native-only package with a WebAssembly twin (../wasm-twins.ts): the twin is published at most of the
 * package's versions but not all (@rollup/wasm-node skips some of rollup's patch releases). When the picked
 * version has none, the highest version in the same range that has one installs instead, so the package loads
 * in a tab; with no such version the pick stands (the install then says that it will not load).
 */
export function preferTwinnedVersion(packument: Packument, twinVersions: readonly string[], spec: RegistrySpec, picked: VersionManifest): VersionManifest {
  if (spec.type === 'tag' || twinVersions.includes(picked.version)) return picked;
  const range = spec.fetchSpec || '*';
  const fallback = sortedVersions(packument)
    .reverse()
    .find(
      (version) =>
        twinVersions.includes(version) && !packument.versions[version]?.deprecated && (range === '*' || semver.satisfies(version, range, { loose: true })),
    );
  return (fallback ? packument.versions[fallback] : undefined) ?? picked;
}
