/**
 * The root package.json as the agent's workspace summary shows it: script names with their commands and
 * dependency names with their ranges, bounded. Read in the tab (the server never sees file contents).
 */
import { z } from 'zod';

const MAX_SCRIPTS = 40;
const MAX_DEPENDENCIES = 200;

const entrySchema = z.object({ name: z.string().max(214), value: z.string().max(300) });

export const packageManifestSchema = z.object({
  name: z.string().max(214).nullable(),
  main: z.string().max(300).nullable(),
  scripts: z.array(entrySchema).max(MAX_SCRIPTS),
  dependencies: z.array(entrySchema).max(MAX_DEPENDENCIES),
  devDependencies: z.array(entrySchema).max(MAX_DEPENDENCIES),
});
export type PackageManifest = z.infer<typeof packageManifestSchema>;

const packageJsonSchema = z.looseObject({
  name: z.string().optional().catch(undefined),
  main: z.string().optional().catch(undefined),
  scripts: z.record(z.string(), z.string()).optional().catch(undefined),
  dependencies: z.record(z.string(), z.string()).optional().catch(undefined),
  devDependencies: z.record(z.string(), z.string()).optional().catch(undefined),
});

const entries = (record: Record<string, string> | undefined, max: number) =>
  Object.entries(record ?? {})
    .slice(0, max)
    .map(([name, value]) => ({ name: name.slice(0, 214), value: value.slice(0, 300) }));

/** The manifest of a package.json's text, or null when it is not a JSON object. */
export function manifestFromPackageJson(text: string): PackageManifest | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = packageJsonSchema.safeParse(json);
  if (!parsed.success) return null;
  const pkg = parsed.data;
  return {
    name: pkg.name?.slice(0, 214) ?? null,
    main: pkg.main?.slice(0, 300) ?? null,
    scripts: entries(pkg.scripts, MAX_SCRIPTS),
    dependencies: entries(pkg.dependencies, MAX_DEPENDENCIES),
    devDependencies: entries(pkg.devDependencies, MAX_DEPENDENCIES),
  };
}
