/**
 * A Node-style module loader for one process: CommonJS with Node's wrapper (`module`, `exports`,
 * `require.resolve`, `require.cache`, cycles), ES modules linked and evaluated in Node's order (top-level
 * await makes a module and its importers asynchronous), `require()` of ES modules as in Node 22 (refused
 * with ERR_REQUIRE_ASYNC_MODULE when the graph awaits at its top level), and `import()` from either kind.
 */
import { nativeAddonError, nativeBuildError } from './native-builds';
import type { CjsFactory, CodeCache, FormatHint } from './compile';
import { PROCESS_GLOBALS } from './esm-transform';
import { CjsModule, createNamespace, defineGetter, errorWithCode, fillFromCommonJs, type ModuleRecord, type Namespace } from './records';
import { parentDir, type ResolveFs, type Resolved, type Resolver } from './resolve';
import { extendViteConfigExport, isBundledViteConfig } from './vite-config-hook';

export type ProcessGlobals = Record<(typeof PROCESS_GLOBALS)[number], unknown>;

interface LoaderOptions {
  fs: ResolveFs;
  resolver: Resolver;
  code: CodeCache;
  /** Node's built-in module `name` as this process sees it; throws when there is none. */
  builtin(name: string): unknown;
  globals: ProcessGlobals;
}

type Generator = NonNullable<NonNullable<ModuleRecord['esm']>['generator']>;

/**
 * Node refuses to link a module that imports a name its source does not export, with a SyntaxError naming
 * both. Checked here for built-ins (their exports are known, including ones the shims keep off the namespace,
 * which are added to it) and for ES modules whose export list is complete at link time (not still linking in
 * a cycle, no `export *` still to be resolved). CommonJS sources are not checked: Node guesses their names by
 * reading the code, and a program that works under Node must not be refused here.
 */
function checkImportedNames(compiled: NonNullable<ModuleRecord['esm']>['compiled'], dependencies: ModuleRecord[]): void {
  dependencies.forEach((dependency, index) => {
    for (const name of compiled.importedNames[index] ?? []) {
      const namespace = dependency.namespace;
      if (name in namespace) continue;
      if (dependency.format === 'builtin') {
        const value = namespace.default;
        if (value !== null && value !== undefined && name in Object(value)) {
          defineGetter(namespace, name, () => (namespace.default as Namespace)[name]);
          continue;
        }
      } else if (dependency.format !== 'esm' || dependency.status === 'linking' || dependency.esm?.compiled.starExports.length) {
        continue;
      }
      throw new SyntaxError(`The requested module '${compiled.requests[index]}' does not provide an export named '${name}'`);
    }
  });
}

export class ModuleLoader {
  /** `require.cache`: CommonJS modules by file name, as Node keeps them (deleting an entry reloads it). */
  readonly cache: Record<string, CjsModule> = Object.create(null);
  private readonly records = new Map<string, ModuleRecord>();
  private readonly globals: unknown[];
  main: CjsModule | undefined;

  constructor(private readonly options: LoaderOptions) {
    this.globals = PROCESS_GLOBALS.map((name) => options.globals[name]);
  }

  // ---- formats ------------------------------------------------------------------------------------------

  private hint(path: string): FormatHint | 'json' {
    if (path.endsWith('.json')) return 'json';
    if (path.endsWith('.mjs')) return 'esm';
    if (path.endsWith('.cjs')) return 'cjs';
    const type = this.options.resolver.packageScope(parentDir(path))?.pkg.type;
    return type === 'module' ? 'esm' : type === 'commonjs' ? 'cjs' : 'detect';
  }

  private compile(path: string, source?: string) {
    const hint = this.hint(path);
    const code = source ?? this.options.fs.readFileSync(path, 'utf8');
    return this.options.code.compile(code, path, hint === 'json' ? 'cjs' : hint);
  }

  // ---- CommonJS -----------------------------------------------------------------------------------------

  /** The `require` a CommonJS module (or `module.createRequire`) gets. */
  makeRequire(module: CjsModule): CjsModule['require'] {
    const require = ((id: string) => this.require(id, module)) as CjsModule['require'];
    const resolve = (id: string) => {
      const found = this.options.resolver.resolve(id, module.filename, 'require');
      return found.kind === 'builtin' ? id : found.path;
    };
    resolve.paths = (id: string) => (/^[./]/.test(id) ? [module.path] : module.paths);
    require.resolve = resolve;
    require.cache = this.cache;
    require.main = this.main;
    require.extensions = { '.js': () => undefined, '.json': () => undefined, '.node': () => undefined };
    return require;
  }

  require(id: string, parent: CjsModule): unknown {
    if (typeof id !== 'string') throw errorWithCode(new TypeError('The "id" argument must be of type string'), 'ERR_INVALID_ARG_TYPE');
    return this.load(this.options.resolver.resolve(id, parent.filename, 'require'), parent);
  }

  private load(found: Resolved, parent: CjsModule | null): unknown {
    if (found.kind === 'builtin') return this.options.builtin(found.name);
    const cached = this.cache[found.path];
    if (cached) return cached.exports; // possibly unfinished: a cycle sees what is exported so far
    if (found.path.endsWith('.json')) {
      const module = new CjsModule(found.path, found.path, parent);
      module.exports = JSON.parse(this.options.fs.readFileSync(found.path, 'utf8'));
      module.loaded = true;
      this.cache[found.path] = module;
      return module.exports;
    }
    if (found.path.endsWith('.node')) throw nativeAddonError(found.path);
    const compiled = this.compile(found.path);
    if (compiled.format === 'esm') return this.requireEsm(found.path);
    return this.runCommonJs(found.path, parent, compiled.factory).exports;
  }

  private runCommonJs(filename: string, parent: CjsModule | null, factory: CjsFactory, displayName = filename): CjsModule {
    const module = new CjsModule(filename, filename, parent);
    module.require = this.makeRequire(module);
    if (!parent && !this.main) {
      this.main = module;
      module.require.main = module;
    }
    this.cache[filename] = module;
    const dynamicImport = (specifier: string) => this.import(specifier, filename);
    const meta = this.meta(filename);
    try {
      const wrapper = factory(...this.globals, dynamicImport, meta, dynamicImport);
      wrapper.call(module.exports, module.exports, module.require, module, displayName, parentDir(filename));
    } catch (error) {
      Reflect.deleteProperty(this.cache, filename);
      throw nativeBuildError(error, filename, this.options.fs);
    }
    module.loaded = true;
    return module;
  }

  /**
   * `Module.prototype._compile(source, filename)`: runs `source` as the CommonJS body of `target`, for tools that
   * load a package's code after rewriting it (vue-tsc patches TypeScript's compiler this way).
   */
  compileInto(target: { exports: unknown; require?: unknown }, source: string, filename: string): void {
    const compiled = this.options.code.compile(source, filename, 'cjs');
    if (compiled.format !== 'cjs') throw new Error(`${filename}: Module#_compile takes CommonJS source`);
    const require = this.makeRequire(new CjsModule(filename, filename, null));
    target.require = require;
    const dynamicImport = (specifier: string) => this.import(specifier, filename);
    const wrapper = compiled.factory(...this.globals, dynamicImport, this.meta(filename), dynamicImport);
    wrapper.call(target.exports, target.exports, require, target, filename, parentDir(filename));
  }

  // ---- ES modules ---------------------------------------------------------------------------------------

  /** `require` as a module at `path` has it. */
  private requireFrom(path: string): (specifier: string) => unknown {
    return this.makeRequire(new CjsModule(path, path, null));
  }

  /** The process's environment as it is now (programs change it while they run). */
  private env(): Record<string, string | undefined> {
    return (this.options.globals.process as { env?: Record<string, string | undefined> } | undefined)?.env ?? {};
  }

  private meta(filename: string) {
    return {
      url: `file://${filename}`,
      filename,
      dirname: parentDir(filename),
      resolve: (specifier: string) => {
        const found = this.options.resolver.resolve(specifier, filename, 'import');
        return found.kind === 'builtin' ? `node:${found.name}` : `file://${found.path}`;
      },
    };
  }

  /** The record of a resolved module, created (and, for ES modules, linked) on first use. */
  private record(found: Resolved, source?: string): ModuleRecord {
    const key = found.kind === 'builtin' ? `node:${found.name}` : found.path;
    const existing = this.records.get(key);
    if (existing) return existing;
    const namespace = createNamespace();
    if (found.kind === 'builtin') {
      const value = this.options.builtin(found.name);
      fillFromCommonJs(namespace, () => value);
      return this.remember({ key, format: 'builtin', namespace, status: 'evaluated' });
    }
    const compiled = found.path.endsWith('.json') ? null : this.compile(found.path, source);
    if (!compiled || compiled.format === 'cjs') {
      return this.remember({ key, format: compiled ? 'cjs' : 'json', namespace, status: 'linked' });
    }
    const esm: NonNullable<ModuleRecord['esm']> = { compiled, dependencies: [], ownNames: new Set() };
    const record = this.remember({ key, format: 'esm', namespace, status: 'linking', esm });
    try {
      for (const specifier of compiled.requests) {
        esm.dependencies.push(this.record(this.options.resolver.resolve(specifier, found.path, 'import')));
      }
      checkImportedNames(compiled, esm.dependencies);
      const context = {
        namespaces: esm.dependencies.map((dependency) => dependency.namespace),
        meta: this.meta(found.path),
        import: (specifier: string) => this.import(specifier, found.path),
        exports: (getters: Record<string, () => unknown>) => {
          const viteConfig = isBundledViteConfig(found.path);
          for (const [name, get] of Object.entries(getters)) {
            esm.ownNames.add(name);
            defineGetter(namespace, name, viteConfig && name === 'default' ? extendViteConfigExport(get, this.env(), this.requireFrom(found.path)) : get);
          }
        },
      };
      const generator = compiled.factory(context, ...this.globals)() as Generator;
      void generator.next(); // publishes the export getters; the body runs at evaluation
      esm.generator = generator;
      record.status = 'linked';
    } catch (error) {
      this.records.delete(key);
      throw error;
    }
    return record;
  }

  private remember(record: ModuleRecord): ModuleRecord {
    this.records.set(record.key, record);
    return record;
  }

  /** `export * from`: every name of the source except `default`, unless this module exports it itself. */
  private linkStars(record: ModuleRecord, esm: NonNullable<ModuleRecord['esm']>): void {
    for (const index of esm.compiled.starExports) {
      const source = esm.dependencies[index];
      if (!source) continue;
      for (const name of Object.keys(source.namespace)) {
        if (name === 'default' || esm.ownNames.has(name) || name in record.namespace) continue;
        defineGetter(record.namespace, name, () => source.namespace[name]);
      }
    }
  }

  private evaluateCommonJs(record: ModuleRecord): void {
    record.status = 'evaluating';
    try {
      const value = this.load({ kind: 'file', path: record.key }, null);
      const module = this.cache[record.key];
      fillFromCommonJs(record.namespace, () => (module ? module.exports : value));
      record.status = 'evaluated';
    } catch (error) {
      record.status = 'errored';
      record.error = error;
      throw error;
    }
  }

  /** Evaluates a record and what it imports, in Node's order; a promise only when something awaits. */
  evaluate(record: ModuleRecord): Promise<void> | undefined {
    if (record.status === 'evaluated' || record.status === 'evaluating') return record.evaluation;
    if (record.status === 'errored') throw record.error;
    const esm = record.esm;
    if (!esm) {
      this.evaluateCommonJs(record);
      return undefined;
    }
    record.status = 'evaluating';
    const fail = (error: unknown) => {
      record.status = 'errored';
      record.error = error;
      throw error;
    };
    const run = (): Promise<void> | undefined => {
      this.linkStars(record, esm);
      const step = esm.generator?.next();
      esm.generator = undefined;
      if (step instanceof Promise) return step.then(() => void (record.status = 'evaluated'), fail);
      record.status = 'evaluated';
      return undefined;
    };
    try {
      const pending: Promise<void>[] = [];
      for (const dependency of esm.dependencies) {
        const waiting = this.evaluate(dependency);
        if (waiting) pending.push(waiting);
      }
      const guarded = () => {
        try {
          return run();
        } catch (error) {
          return fail(error);
        }
      };
      record.evaluation = pending.length ? Promise.all(pending).then(guarded, fail) : run();
    } catch (error) {
      fail(error);
    }
    return record.evaluation;
  }

  /** Whether evaluating the graph below `record` can await (so `require()` must refuse it). */
  private awaits(record: ModuleRecord, seen = new Set<ModuleRecord>()): boolean {
    if (!record.esm || seen.has(record)) return false;
    seen.add(record);
    return record.esm.compiled.topLevelAwait || record.esm.dependencies.some((dependency) => this.awaits(dependency, seen));
  }

  private requireEsm(path: string): Namespace {
    const record = this.record({ kind: 'file', path });
    if (this.awaits(record) || (record.status === 'evaluating' && record.evaluation)) {
      throw errorWithCode(
        new Error(
          `require() cannot be used on an ESM graph with top-level await. Use import() instead. To see where the top-level await comes from, use --experimental-print-required-tla.\n  From ${path}`,
        ),
        'ERR_REQUIRE_ASYNC_MODULE',
      );
    }
    this.evaluate(record);
    const namespace = record.namespace;
    // Node 22.12+: a module can say what require() returns by exporting it as "module.exports".
    if ('module.exports' in namespace) return namespace['module.exports'] as Namespace;
    // Node marks the namespace so that code compiled from ESM to CommonJS finds the default export.
    if ('default' in namespace && !('__esModule' in namespace)) Object.defineProperty(namespace, '__esModule', { value: true });
    return namespace;
  }

  async import(specifier: string, fromFile: string): Promise<Namespace> {
    const record = this.record(this.options.resolver.resolve(String(specifier), fromFile, 'import'));
    await this.evaluate(record);
    return record.namespace;
  }

  // ---- entry points -------------------------------------------------------------------------------------

  /** Runs a program file as Node's main module; a promise when it is an ES module that awaits. */
  runMain(path: string): Promise<void> | undefined {
    const compiled = this.compile(path);
    if (compiled.format === 'cjs') {
      this.runCommonJs(path, null, compiled.factory);
      return undefined;
    }
    return this.evaluate(this.record({ kind: 'file', path }));
  }

  /** Runs `node -e` code: CommonJS named `[eval]` in `cwd`, or an ES module when it uses module syntax. */
  runEval(code: string, cwd: string): Promise<void> | undefined {
    const filename = `${cwd === '/' ? '' : cwd}/[eval]`;
    const compiled = this.options.code.compile(code, filename, 'detect');
    if (compiled.format === 'cjs') {
      this.runCommonJs(filename, null, compiled.factory, '[eval]');
      return undefined;
    }
    return this.evaluate(this.record({ kind: 'file', path: filename }, code));
  }
}
