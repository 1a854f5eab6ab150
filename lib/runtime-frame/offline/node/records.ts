/** The loader's bookkeeping: Node's CommonJS `Module` objects and the module records ES modules link to. */
import type { Compiled } from './compile';
import { parentDir } from './resolve';

export type Namespace = Record<string | symbol, unknown>;

/** What `module` is inside a CommonJS file (the fields packages read). */
export class CjsModule {
  exports: unknown = {};
  loaded = false;
  readonly children: CjsModule[] = [];
  readonly path: string;
  readonly paths: string[];
  require!: ((id: string) => unknown) & Record<string, unknown>;

  constructor(
    readonly id: string,
    readonly filename: string,
    readonly parent: CjsModule | null,
  ) {
    this.path = parentDir(filename);
    this.paths = nodeModulePaths(this.path);
    parent?.children.push(this);
  }
}

export function nodeModulePaths(dir: string): string[] {
  const paths: string[] = [];
  for (let current = dir; ; current = parentDir(current)) {
    if (!current.endsWith('/node_modules')) paths.push(`${current === '/' ? '' : current}/node_modules`);
    if (current === '/') return paths;
  }
}

type Status = 'linking' | 'linked' | 'evaluating' | 'evaluated' | 'errored';

export interface ModuleRecord {
  /** File path, or `node:name` for a built-in. */
  readonly key: string;
  readonly format: 'esm' | 'cjs' | 'json' | 'builtin';
  readonly namespace: Namespace;
  status: Status;
  error?: unknown;
  /** Settles when an asynchronous evaluation (top-level await somewhere below) has finished. */
  evaluation?: Promise<void>;
  esm?: {
    compiled: Extract<Compiled, { format: 'esm' }>;
    dependencies: ModuleRecord[];
    generator?: Generator<unknown, void, unknown> | AsyncGenerator<unknown, void, unknown>;
    /** Names this module exports itself (stars excluded). */
    ownNames: Set<string>;
  };
}

export function createNamespace(): Namespace {
  const namespace: Namespace = Object.create(null);
  Object.defineProperty(namespace, Symbol.toStringTag, { value: 'Module' });
  return namespace;
}

export function defineGetter(namespace: Namespace, name: string, get: () => unknown): void {
  Object.defineProperty(namespace, name, { get, enumerable: true, configurable: true });
}

/** An ES view of a CommonJS value: `default` is module.exports, its own properties are named exports. */
export function fillFromCommonJs(namespace: Namespace, read: () => unknown): void {
  defineGetter(namespace, 'default', read);
  const value = read();
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return;
  for (const name of Object.keys(value)) {
    if (name !== 'default' && !(name in namespace)) defineGetter(namespace, name, () => (read() as Namespace)[name]);
  }
}

export function errorWithCode(error: Error, code: string): Error {
  return Object.assign(error, { code });
}
