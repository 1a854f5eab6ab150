/**
 * The shapes this npm client reads: a project's package.json, a registry packument (the abbreviated
 * install document), and package-lock.json (lockfileVersion 2 and 3 share the `packages` map). Unknown fields
 * pass through untouched, so a package.json written back keeps everything the user put in it.
 */
import { z } from 'zod';

const stringMap = z.record(z.string(), z.string());
/** `os`, `cpu` and `libc` are arrays, but old packages sometimes give a single string. */
const platformList = z.union([z.array(z.string()), z.string().transform((value) => [value])]);

const binFieldSchema = z.union([z.string(), stringMap]);

/**
 * The dependency-related fields of a manifest, shared by packuments, package.json and lock entries. Published
 * manifests from long ago break the rules now and then (`engines` as an array, `dependencies: []`); a field
 * with the wrong shape counts as absent rather than making the whole package unusable.
 */
const manifestFields = {
  dependencies: stringMap.optional().catch(undefined),
  optionalDependencies: stringMap.optional().catch(undefined),
  peerDependencies: stringMap.optional().catch(undefined),
  peerDependenciesMeta: z
    .record(z.string(), z.object({ optional: z.boolean().optional() }).loose())
    .optional()
    .catch(undefined),
  bin: binFieldSchema.optional().catch(undefined),
  os: platformList.optional().catch(undefined),
  cpu: platformList.optional().catch(undefined),
  libc: platformList.optional().catch(undefined),
  engines: z.record(z.string(), z.string()).optional().catch(undefined),
  license: z.string().optional().catch(undefined),
  // npm accepts both spellings; `true` bundles every dependency.
  bundleDependencies: z
    .union([z.array(z.string()), z.boolean()])
    .optional()
    .catch(undefined),
  bundledDependencies: z
    .union([z.array(z.string()), z.boolean()])
    .optional()
    .catch(undefined),
};

export const packageJsonSchema = z
  .object({
    name: z.string().optional(),
    version: z.string().optional(),
    ...manifestFields,
    devDependencies: stringMap.optional().catch(undefined),
    scripts: stringMap.optional().catch(undefined),
  })
  .loose();
export type PackageJson = z.infer<typeof packageJsonSchema>;

const versionManifestSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    ...manifestFields,
    hasInstallScript: z.boolean().optional().catch(undefined),
    deprecated: z.union([z.string(), z.boolean()]).optional().catch(undefined),
    dist: z
      .object({
        tarball: z.string(),
        integrity: z.string().optional(),
        shasum: z.string().optional(),
      })
      .loose(),
  })
  .loose();
export type VersionManifest = z.infer<typeof versionManifestSchema>;

/** Versions whose manifest is unusable (no tarball, say) are left out instead of failing the package. */
const versionsSchema = z.record(z.string(), z.unknown()).transform((versions) => {
  const usable: Record<string, VersionManifest> = {};
  for (const [version, manifest] of Object.entries(versions)) {
    const parsed = versionManifestSchema.safeParse(manifest);
    if (parsed.success) usable[version] = parsed.data;
  }
  return usable;
});

export const packumentSchema = z
  .object({
    name: z.string(),
    'dist-tags': stringMap.catch({}).default({}),
    versions: versionsSchema,
  })
  .loose();
export type Packument = z.infer<typeof packumentSchema>;

const lockEntrySchema = z
  .object({
    /** Only for aliases: the real package name when the folder is named differently. */
    name: z.string().optional(),
    version: z.string().optional(),
    resolved: z.string().optional(),
    integrity: z.string().optional(),
    link: z.boolean().optional(),
    dev: z.boolean().optional(),
    optional: z.boolean().optional(),
    devOptional: z.boolean().optional(),
    peer: z.boolean().optional(),
    hasInstallScript: z.boolean().optional(),
    devDependencies: stringMap.optional(),
    ...manifestFields,
  })
  .loose();
export type LockEntry = z.infer<typeof lockEntrySchema>;

export const lockFileSchema = z
  .object({
    name: z.string().optional(),
    version: z.string().optional(),
    lockfileVersion: z.number(),
    requires: z.boolean().optional(),
    packages: z.record(z.string(), lockEntrySchema).optional(),
  })
  .loose();
export type LockFile = z.infer<typeof lockFileSchema>;
