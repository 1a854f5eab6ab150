import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { unpackTar } from 'modern-tar';
import semver from 'semver';
import { z } from 'zod';

/**
 * The test's own view of the fixture registry (the one the app's npm proxy forwards to), for comparing what
 * landed in the browser's node_modules with what the registry published.
 */
export function fixtureRegistryUrl(): string {
  const url = process.env.TABSMITH_FIXTURE_REGISTRY_URL;
  if (!url) throw new Error('TABSMITH_FIXTURE_REGISTRY_URL is not set (playwright.config.ts sets it)');
  return url;
}

const packumentSchema = z.object({
  versions: z.record(z.string(), z.object({ dist: z.object({ tarball: z.string() }) })),
});

/** The version npm would pick for `range` among those the registry serves, and its tarball's URL. */
export async function resolveFromRegistry(name: string, range: string): Promise<{ version: string; tarball: string }> {
  const response = await fetch(`${fixtureRegistryUrl()}/${name.replace('/', '%2f')}`);
  if (!response.ok) throw new Error(`fixture registry answered ${response.status} for ${name}`);
  const { versions } = packumentSchema.parse(await response.json());
  const version = semver.maxSatisfying(Object.keys(versions), range);
  if (!version) throw new Error(`fixture registry has no ${name}@${range}`);
  return { version, tarball: versions[version]?.dist.tarball ?? '' };
}

/** sha256 (hex) of each requested file inside the package's published tarball, keyed by path in the package. */
export async function tarballHashes(name: string, range: string, paths: string[]): Promise<Record<string, string>> {
  const { tarball } = await resolveFromRegistry(name, range);
  const response = await fetch(tarball);
  if (!response.ok) throw new Error(`fixture registry answered ${response.status} for ${tarball}`);
  const entries = await unpackTar(gunzipSync(await response.arrayBuffer()));
  const hashes: Record<string, string> = {};
  for (const path of paths) {
    // npm tarballs keep everything under one top folder, nearly always `package/`.
    const entry = entries.find((item) => item.header.name.replace(/^[^/]+\//, '') === path);
    if (!entry?.data) throw new Error(`${name}'s tarball has no ${path}`);
    hashes[path] = createHash('sha256').update(entry.data).digest('hex');
  }
  return hashes;
}
