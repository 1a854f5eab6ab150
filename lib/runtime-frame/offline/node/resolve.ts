/**
 * Node's module resolution over the runtime's file system: relative and absolute paths, bare package names
 * through `node_modules` folders (with `exports`, self-references and `#imports` maps), `main`, extension and
 * index lookup. `require` and `import` differ only in their conditions, as in Node; `import` also accepts the
 * extension-less paths `require` accepts (Node would refuse them, but nothing that runs in Node breaks).
 */
import { exports as resolveExports, imports as resolveImports } from 'resolve.exports';
import { z } from 'zod';
import { isBuiltin } from './builtin-names';
import { joinPath as join } from '../paths';
import { wasmTwinOf } from '../wasm-twins';

type ResolveMode = 'require' | 'import';

/** The subset of the file system resolution needs (almostnode's VirtualFS has it). */
export interface ResolveFs {
  existsSync(path: string): boolean;
  statSync(path: string): { isDirectory(): boolean; isFile(): boolean };
  readFileSync(path: string, encoding: 'utf8'): string;
}

const packageJsonSchema = z
  .object({
    name: z.string().optional(),
    version: z.string().optional(),
    main: z.string().optional(),
    type: z.string().optional(),
    exports: z.unknown().optional(),
    imports: z.unknown().optional(),
  })
  .loose();
type PackageJson = z.infer<typeof packageJsonSchema>;

/** `node:fs` or `fs`; a specifier that names a file or a package. */
export type Resolved = { kind: 'builtin'; name: string } | { kind: 'file'; path: string };

/** Node 22.12+ adds "module-sync" to both sets, since require() can load ES modules. */
const CONDITIONS: Record<ResolveMode, string[]> = {
  require: ['node', 'require', 'module-sync'],
  import: ['node', 'import', 'module-sync'],
};
const FILE_EXTENSIONS = ['.js', '.json', '.node', '.cjs', '.mjs'];

class ModuleNotFoundError extends Error {
  readonly code: string;
  constructor(specifier: string, from: string, mode: ResolveMode) {
    super(
      mode === 'require'
        ? `Cannot find module '${specifier}'\nRequire stack:\n- ${from}`
        : `Cannot find ${/^[./]/.test(specifier) ? 'module' : 'package'} '${specifier}' imported from ${from}`,
    );
    this.name = 'Error';
    this.code = mode === 'require' ? 'MODULE_NOT_FOUND' : 'ERR_MODULE_NOT_FOUND';
  }
}

export function parentDir(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** Splits `@scope/name/sub/path` into the package name and `./sub/path`. */
function splitPackage(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/');
  const count = specifier.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, count).join('/');
  const rest = parts.slice(count).join('/');
  return { name, subpath: rest ? `./${rest}` : '.' };
}

export class Resolver {
  private readonly packageJsons = new Map<string, PackageJson | null>();
  private readonly cache = new Map<string, Resolved>();

  constructor(private readonly fs: ResolveFs) {}

  /** The parsed package.json at `path`, or null (missing or not JSON). */
  packageJson(path: string): PackageJson | null {
    let pkg = this.packageJsons.get(path);
    if (pkg === undefined) {
      // One read rather than "exists?", "is it a file?", then the read: a missing file or a folder fails the read.
      try {
        const parsed = packageJsonSchema.safeParse(JSON.parse(this.fs.readFileSync(path, 'utf8')));
        pkg = parsed.success ? parsed.data : {};
      } catch {
        pkg = null;
      }
      this.packageJsons.set(path, pkg);
    }
    return pkg;
  }

  /** The folder and contents of the package.json closest above `dir` (Node's "package scope"). */
  packageScope(dir: string): { dir: string; pkg: PackageJson } | null {
    for (let current = dir; ; current = parentDir(current)) {
      if (!current.endsWith('/node_modules')) {
        const pkg = this.packageJson(join(current, 'package.json'));
        if (pkg) return { dir: current, pkg };
      }
      if (current === '/') return null;
    }
  }

  resolve(specifier: string, fromFile: string, mode: ResolveMode): Resolved {
    const fromDir = parentDir(fromFile);
    const key = `${mode}\0${fromDir}\0${specifier}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const found = this.find(specifier, fromDir, mode);
    if (!found) throw new ModuleNotFoundError(specifier, fromFile, mode);
    this.cache.set(key, found);
    return found;
  }

  private find(specifier: string, fromDir: string, mode: ResolveMode): Resolved | null {
    if (specifier.startsWith('node:')) return { kind: 'builtin', name: specifier.slice(5) };
    if (specifier.startsWith('file://')) specifier = decodeURIComponent(new URL(specifier).pathname);
    if (specifier.startsWith('/') || specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
      const path = this.loadPath(specifier.startsWith('/') ? join('/', specifier) : join(fromDir, specifier));
      return path ? { kind: 'file', path } : null;
    }
    if (isBuiltin(specifier)) return { kind: 'builtin', name: specifier };
    if (specifier.startsWith('#')) return this.loadImports(specifier, fromDir, mode);
    const { name, subpath } = splitPackage(specifier);
    const self = this.loadSelf(name, subpath, fromDir, mode);
    if (self) return self;
    for (let dir = fromDir; ; dir = parentDir(dir)) {
      // Most folders above a file have no node_modules (a package's dist/, src/): one look at the folder saves a
      // look for every package imported from below it, each a call to the frame from a worker.
      if (!dir.endsWith('/node_modules') && this.fs.existsSync(join(dir, 'node_modules'))) {
        const root = join(dir, `node_modules/${name}`);
        const found = this.loadPackage(this.twinFolder(name, root) ?? root, subpath, mode);
        if (found) return found;
      }
      if (dir === '/') return null;
    }
  }

  /**
   * The folder of a native-only package's WebAssembly twin (../wasm-twins.ts) when one of the same version is
   * installed where the package itself would find it (in its own node_modules or above): the native package
   * cannot load here and the twin has its API.
   */
  private twinFolder(name: string, root: string): string | null {
    const twin = wasmTwinOf(name);
    const version = twin ? this.packageJson(join(root, 'package.json'))?.version : undefined;
    if (!twin || version === undefined) return null;
    for (let dir = root; ; dir = parentDir(dir)) {
      if (!dir.endsWith('/node_modules')) {
        const folder = join(dir, `node_modules/${twin}`);
        const pkg = this.packageJson(join(folder, 'package.json'));
        if (pkg) return pkg.name === twin && pkg.version === version ? folder : null;
      }
      if (dir === '/') return null;
    }
  }

  /**
   * A path's stat, or null where there is nothing. One question rather than "exists?" then "what is it?": from a
   * worker each question is a call to the frame, and most probes of an existing path ask both.
   */
  private stat(path: string): { isDirectory(): boolean; isFile(): boolean } | null {
    try {
      return this.fs.statSync(path);
    } catch {
      return null;
    }
  }

  private isFile(path: string): boolean {
    return this.stat(path)?.isFile() ?? false;
  }

  private isDir(path: string): boolean {
    return this.stat(path)?.isDirectory() ?? false;
  }

  /** LOAD_AS_FILE, then LOAD_AS_DIRECTORY. */
  private loadPath(path: string): string | null {
    return this.loadFile(path) ?? this.loadDirectory(path);
  }

  private loadFile(path: string): string | null {
    if (this.isFile(path)) return path;
    for (const ext of FILE_EXTENSIONS) if (this.isFile(path + ext)) return path + ext;
    return null;
  }

  private loadDirectory(dir: string): string | null {
    if (!this.isDir(dir)) return null;
    const main = this.packageJson(join(dir, 'package.json'))?.main;
    if (main) {
      const target = join(dir, main);
      const found = this.loadFile(target) ?? this.loadIndex(target);
      if (found) return found;
    }
    return this.loadIndex(dir);
  }

  private loadIndex(dir: string): string | null {
    for (const ext of FILE_EXTENSIONS) if (this.isFile(join(dir, `index${ext}`))) return join(dir, `index${ext}`);
    return null;
  }

  private target(root: string, relative: string, mode: ResolveMode): Resolved | null {
    // A target may itself be a bare specifier (`"#dep": "other-package"`), resolved from the package.
    if (!relative.startsWith('./') && !relative.startsWith('/')) return this.find(relative, root, mode);
    const path = join(root, relative);
    // Targets are exact in Node; probing extensions too only accepts more.
    const file = this.loadFile(path) ?? this.loadIndex(path);
    return file ? { kind: 'file', path: file } : null;
  }

  private viaExports(root: string, pkg: PackageJson, subpath: string, mode: ResolveMode): Resolved | null {
    const entry = subpath === '.' ? '.' : subpath;
    let targets: string[] | undefined;
    try {
      targets = resolveExports(pkg, entry, { unsafe: true, conditions: CONDITIONS[mode] }) ?? undefined;
    } catch {
      return null;
    }
    for (const target of targets ?? []) {
      const found = this.target(root, target, mode);
      if (found) return found;
    }
    return null;
  }

  private loadPackage(root: string, subpath: string, mode: ResolveMode): Resolved | null {
    const pkg = this.packageJson(join(root, 'package.json'));
    if (pkg?.exports !== undefined && pkg.exports !== null) return this.viaExports(root, pkg, subpath, mode);
    const path = subpath === '.' ? this.loadDirectory(root) : this.loadPath(join(root, subpath));
    return path ? { kind: 'file', path } : null;
  }

  private loadSelf(name: string, subpath: string, fromDir: string, mode: ResolveMode): Resolved | null {
    const scope = this.packageScope(fromDir);
    if (!scope || scope.pkg.name !== name || scope.pkg.exports === undefined) return null;
    return this.viaExports(scope.dir, scope.pkg, subpath, mode);
  }

  private loadImports(specifier: string, fromDir: string, mode: ResolveMode): Resolved | null {
    const scope = this.packageScope(fromDir);
    if (!scope?.pkg.imports) return null;
    let targets: string[] | undefined;
    try {
      targets = resolveImports(scope.pkg, specifier, { unsafe: true, conditions: CONDITIONS[mode] }) ?? undefined;
    } catch {
      return null;
    }
    for (const target of targets ?? []) {
      const found = this.target(scope.dir, target, mode);
      if (found) return found;
    }
    return null;
  }
}
