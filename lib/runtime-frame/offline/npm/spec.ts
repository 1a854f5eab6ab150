/**
 * What a dependency spec asks for, parsed by npm-package-arg (the parser npm itself uses). Only registry specs
 * (versions, ranges, dist-tags and `npm:` aliases of those) can be installed in the browser; git, file and URL
 * specs are refused with a message saying so.
 */
import npa from 'npm-package-arg';
import { NpmError } from './errors';

export interface RegistrySpec {
  /** The name the dependency is installed under (the folder in node_modules). */
  name: string;
  /** The package fetched from the registry: differs from `name` for `npm:` aliases. */
  packageName: string;
  type: 'version' | 'range' | 'tag';
  /** The version, range or tag. */
  fetchSpec: string;
  /** True when the spec was written as `npm:<package>@…`. */
  alias: boolean;
}

// npm-package-arg only consults `where` for file specs, which are refused anyway; a fixed root keeps it from
// asking for process.cwd().
const WHERE = '/';

function unsupported(raw: string, type: string): NpmError {
  return new NpmError(
    'EUNSUPPORTEDPROTOCOL',
    `Cannot install ${raw}: ${type} dependencies are not supported in this runtime; only packages from the registry (versions, ranges, tags, npm: aliases) can be installed.`,
  );
}

function fromResult(result: npa.Result, raw: string, installName?: string): RegistrySpec {
  if (result.type === 'alias') {
    const sub = (result as npa.Result & { subSpec: npa.Result }).subSpec;
    const inner = fromResult(sub, raw);
    return { ...inner, name: installName ?? result.name ?? inner.name, alias: true };
  }
  if (result.type !== 'version' && result.type !== 'range' && result.type !== 'tag') throw unsupported(raw, result.type);
  if (!result.name) throw new NpmError('EINVALIDPACKAGENAME', `Cannot install ${raw}: no package name`);
  return {
    name: installName ?? result.name,
    packageName: result.name,
    type: result.type,
    fetchSpec: result.fetchSpec || '*',
    alias: false,
  };
}

function parse(work: () => npa.Result, raw: string, installName?: string): RegistrySpec {
  let result: npa.Result;
  try {
    result = work();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new NpmError('EINVALIDSPEC', `Invalid package spec ${raw}: ${reason}`);
  }
  return fromResult(result, raw, installName);
}

/** A command-line argument: `lodash`, `nanoid@3`, `@scope/pkg@^1`, `alias@npm:pkg@2`. */
export function parseArgSpec(arg: string): RegistrySpec {
  return parse(() => npa(arg, WHERE), arg);
}

/** A dependency entry of a manifest: `"name": "spec"`. */
export function parseDepSpec(name: string, spec: string): RegistrySpec {
  return parse(() => npa.resolve(name, spec, WHERE), `${name}@${spec}`, name);
}
