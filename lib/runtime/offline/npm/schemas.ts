/**
 * The shapes this npm client reads: a project's package.json, a registry packument (the abbreviated
 * install document), and package-lock.json (lockfileVersion 2 and 3 share the `packages` map). Unknown fields
 * pass through untouched, so a package.json written back keeps everything the user put in it.
 */
import { z } from 'zod';

const stringMap = z.record(z.string(), z.string());
/** `os`, `cpu` and `libc` are arrays, but old packages sometimes give a single string. */
const platformList = z.union([z.array(z.string()), z.string().transform((value) => [value])]);

export const binFieldSchema = z.union([z.string(), stringMap]);

/** The dependency-related fields of a manifest, shared by packuments, package.json and lock entries. */
const manifestFields = {
  dependencies: stringMap.optional(),
  optionalDependencies: stringMap.optional(),
  peerDependencies: stringMap.optional(),
  peerDependenciesMeta: z.record(z.string(), z.object({ optional: z.boolean().optional() }).loose()).optional(),
  bin: binFieldSchema.optional(),
  os: platformList.optional(),
  cpu: platformList.optional(),
  libc: platformList.optional(),
  engines: z.record(z.string(), z.string()).optional().catch(undefined),
  license: z.string().optional().catch(undefined),
};

export const packageJsonSchema = z
  .object({
    name: z.string().optional(),
    version: z.string().optional(),
    ...manifestFields,
    devDependencies: stringMap.optional(),
    scripts: stringMap.optional(),
  })
  .loose();
export type PackageJson = z.infer<typeof packageJsonSchema>;

export const versionManifestSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    ...manifestFields,
    hasInstallScript: z.boolean().optional(),
    deprecated: z.union([z.string(), z.boolean()]).optional(),
    dist: z.object({
      tarball: z.string(),
      integrity: z.string().optional(),
      shasum: z.string().optional(),
    }).loose(),
  })
  .loose();
export type VersionManifest = z.infer<typeof versionManifestSchema>;

export const packumentSchema = z
  .object({
    name: z.string(),
    'dist-tags': stringMap.default({}),
    versions: z.record(z.string(), versionManifestSchema),
  })
  .loose();
export type Packument = z.infer<typeof packumentSchema>;

export const lockEntrySchema = z
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
