/**
 * package.json `overrides`, with npm's semantics: `"foo": "1.0.0"` replaces the spec of every dependency on
 * foo in the tree; `"foo@2": …` only of those whose range meets 2; `"parent": { "foo": … }` only below
 * parent (and `"."` is parent's own replacement); a value `$name` means the project's own spec for name. A
 * package placed through an overridden edge carries the rules below that override, and every package falls
 * back to the rules of the one that brought it in, so nested rules reach as deep as npm's do.
 */
import npa from 'npm-package-arg';
import semver from 'semver';
import { NpmError } from './errors';
import type { PackageJson } from './schemas';

interface OverrideRule {
  name: string;
  /** The range in the key (`foo@2` → `2`); `*` when the key is a bare name. */
  keySpec: string;
  /** The replacement spec, when this rule replaces one (`.` or a string value). */
  value?: string;
  /** Rules that apply below a package placed through this rule. */
  children: OverrideSet;
}

export interface OverrideSet {
  rules: OverrideRule[];
  /** The set this one is nested in: its rules apply here too, unless a closer one matches first. */
  parent: OverrideSet | null;
}

type Refs = Record<string, string>;

function parseKey(key: string): { name: string; keySpec: string } {
  try {
    const spec = npa(key, '/');
    if (spec.name && spec.registry) return { name: spec.name, keySpec: spec.rawSpec === '' ? '*' : spec.rawSpec };
  } catch {
    // reported below
  }
  throw new NpmError('EOVERRIDE', `Override key ${JSON.stringify(key)} is not a package name (with an optional version range)`);
}

function resolveReference(value: string, refs: Refs): string {
  if (!value.startsWith('$')) return value;
  const name = value.slice(1);
  const spec = refs[name];
  if (spec === undefined) throw new NpmError('EOVERRIDE', `Unable to resolve reference ${value}`);
  return spec;
}

function parseSet(raw: unknown, parent: OverrideSet | null, refs: Refs): OverrideSet {
  const set: OverrideSet = { rules: [], parent };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new NpmError('EOVERRIDE', 'overrides must be an object');
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (key === '.') continue;
    const { name, keySpec } = parseKey(key);
    const rule: OverrideRule = { name, keySpec, children: { rules: [], parent: set } };
    if (typeof value === 'string') {
      rule.value = resolveReference(value, refs);
    } else {
      const nested = value as Record<string, unknown>;
      if (typeof nested?.['.'] === 'string') rule.value = resolveReference(nested['.'], refs);
      rule.children = parseSet(value, set, refs);
    }
    set.rules.push(rule);
  }
  return set;
}

/** The project's override rules, or null when it has none; a rule that contradicts a direct dependency is an error. */
export function parseOverrides(pkg: PackageJson): OverrideSet | null {
  const raw = (pkg as { overrides?: unknown }).overrides;
  if (raw === undefined) return null;
  const refs: Refs = { ...pkg.peerDependencies, ...pkg.optionalDependencies, ...pkg.devDependencies, ...pkg.dependencies };
  const set = parseSet(raw, null, refs);
  const direct: Refs = { ...pkg.devDependencies, ...pkg.optionalDependencies, ...pkg.dependencies };
  const rawTop = raw as Record<string, unknown>;
  for (const rule of set.rules) {
    const own = direct[rule.name];
    if (own === undefined || rule.value === undefined || rule.value === own) continue;
    // `$name` says "whatever the project asks for", so it never conflicts.
    const written = Object.entries(rawTop).find(([key]) => parseKey(key).name === rule.name)?.[1];
    const text = typeof written === 'string' ? written : (written as Record<string, unknown> | undefined)?.['.'];
    if (typeof text === 'string' && text.startsWith('$')) continue;
    throw new NpmError('EOVERRIDE', `Override for ${rule.name}@${own} conflicts with direct dependency`);
  }
  return set;
}

function ruleMatchesEdge(rule: OverrideRule, name: string, rawSpec: string): boolean {
  if (rule.name !== name) return false;
  if (rule.keySpec === '*') return true;
  try {
    let spec: npa.Result = npa.resolve(name, rawSpec, '/');
    if (spec.type === 'alias') spec = (spec as npa.Result & { subSpec: npa.Result }).subSpec;
    if (spec.type === 'version' || spec.type === 'range') return semver.intersects(spec.fetchSpec ?? '*', rule.keySpec, { loose: true });
    if (spec.type === 'tag') return true;
  } catch {
    // a spec that cannot be read matches no ranged key
  }
  return false;
}

/** The rule for a dependency of a package carrying `set`: the closest set with a matching rule wins. */
export function overrideFor(set: OverrideSet | undefined, name: string, rawSpec: string): OverrideRule | null {
  for (let current: OverrideSet | null = set ?? null; current; current = current.parent) {
    const rule = current.rules.find((candidate) => ruleMatchesEdge(candidate, name, rawSpec));
    if (rule) return rule;
  }
  return null;
}
