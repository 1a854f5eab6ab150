/**
 * An in-memory npm registry for the npm client's tests: packuments with real tarballs (ustar + gzip) and
 * sha512 integrity, plus a runner that executes `npm …` against a fresh VirtualFS.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'fflate';
import { VirtualFS } from 'almostnode';
import { runNpm, runNpx, type NpmCliDeps } from '@/lib/runtime-frame/offline/npm/cli';
import { NpmError } from '@/lib/runtime-frame/offline/npm/errors';
import type { Registry } from '@/lib/runtime-frame/offline/npm/registry';
import { packumentSchema, type Packument } from '@/lib/runtime-frame/offline/npm/schemas';
import { InputChannel, type CommandIO } from '@/lib/runtime-frame/offline/process';

interface FakeVersion {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  /** Dependencies shipped in the tarball (put their files under `node_modules/` in `files`). */
  bundledDependencies?: string[];
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  bin?: string | Record<string, string>;
  os?: string[];
  cpu?: string[];
  scripts?: Record<string, string>;
  deprecated?: string;
  /** Extra files (path inside the package → content); package.json is generated. */
  files?: Record<string, string | Uint8Array>;
  /** The archive's top folder (npm uses `package`). */
  topFolder?: string;
  /** Breaks the integrity string on purpose. */
  badIntegrity?: boolean;
}

export type FakePackages = Record<string, { versions: Record<string, FakeVersion>; tags?: Record<string, string> }>;

function header(name: string, size: number, type = '0'): Uint8Array {
  const block = new Uint8Array(512);
  const put = (text: string, offset: number, length: number) => block.set(new TextEncoder().encode(text).subarray(0, length), offset);
  // Paths over 100 bytes use the ustar prefix field, as npm's tar writer does.
  let prefix = '';
  let base = name;
  if (name.length > 100) {
    const cut = name.lastIndexOf('/', name.length - 1 - 0);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  put(base, 0, 100);
  put('0000644\0', 100, 8);
  put('0000000\0', 108, 8);
  put('0000000\0', 116, 8);
  put(`${size.toString(8).padStart(11, '0')}\0`, 124, 12);
  put('00000000000\0', 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  put(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

export function makeTar(files: Record<string, string | Uint8Array>): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    parts.push(header(name, data.length), data, new Uint8Array((512 - (data.length % 512)) % 512));
  }
  parts.push(new Uint8Array(1024));
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function sha512(data: Uint8Array): string {
  return `sha512-${createHash('sha512').update(data).digest('base64')}`;
}

class FakeRegistry implements Registry {
  readonly packumentFetches: string[] = [];
  readonly tarballFetches: string[] = [];
  readonly tarballs = new Map<string, Uint8Array>();
  private readonly documents = new Map<string, Packument>();

  constructor(packages: FakePackages) {
    for (const [name, { versions, tags }] of Object.entries(packages)) {
      const manifests: Record<string, unknown> = {};
      for (const [version, spec] of Object.entries(versions)) {
        const { files = {}, topFolder = 'package', badIntegrity, ...fields } = spec;
        const pkg = { name, version, ...fields };
        const entries: Record<string, string | Uint8Array> = { [`${topFolder}/package.json`]: JSON.stringify(pkg, null, 2) };
        for (const [path, content] of Object.entries(files)) entries[`${topFolder}/${path}`] = content;
        const tgz = gzipSync(makeTar(entries));
        const file = `${name.slice(name.lastIndexOf('/') + 1)}-${version}.tgz`;
        this.tarballs.set(`${name}@${version}`, tgz);
        const { scripts, ...manifestFields } = fields;
        manifests[version] = {
          name,
          version,
          ...manifestFields,
          ...(scripts && (scripts.install || scripts.postinstall || scripts.preinstall) ? { hasInstallScript: true } : {}),
          dist: { tarball: `/api/npm/${name}/-/${file}`, integrity: badIntegrity ? sha512(new Uint8Array([1])) : sha512(tgz) },
        };
      }
      const sorted = Object.keys(versions);
      this.documents.set(name, packumentSchema.parse({ name, 'dist-tags': { latest: sorted[sorted.length - 1], ...tags }, versions: manifests }));
    }
  }

  async packument(name: string): Promise<Packument> {
    this.packumentFetches.push(name);
    const document = this.documents.get(name);
    if (!document) throw new NpmError('E404', `Not found: the package ${name} is not in the registry (404: Package not found: ${name})`);
    return structuredClone(document);
  }

  async tarball(request: { name: string; version: string }): Promise<Uint8Array> {
    this.tarballFetches.push(`${request.name}@${request.version}`);
    const data = this.tarballs.get(`${request.name}@${request.version}`);
    if (!data) throw new NpmError('E404', `Not found: the tarball of ${request.name}@${request.version}`);
    return data;
  }
}

interface NpmRun {
  code: number;
  output: string;
  commandLines: { line: string; cwd: string; env: Record<string, string> }[];
}

/** A project: a VirtualFS, a registry, and `npm`/`npx` runners that record the shell lines they start. */
export function project(packages: FakePackages, files: Record<string, string> = {}) {
  const vfs = new VirtualFS();
  for (const [path, content] of Object.entries(files)) vfs.writeFileSync(path, content);
  const registry = new FakeRegistry(packages);
  const commandLines: NpmRun['commandLines'] = [];
  const deps: NpmCliDeps = {
    vfs,
    registry: 'http://test/api/npm',
    createRegistry: () => registry,
    runCommandLine: async (line, io) => {
      commandLines.push({ line, cwd: io.cwd, env: io.env });
      return 0;
    },
  };
  const run = async (runner: typeof runNpm, args: string[], cwd = '/', signal = new AbortController().signal): Promise<NpmRun> => {
    let output = '';
    commandLines.length = 0;
    const io: CommandIO = { cwd, env: {}, signal, stdin: new InputChannel(), write: (text) => void (output += text) };
    const code = await runner(args, io, deps);
    return { code, output, commandLines: [...commandLines] };
  };
  const read = (path: string) => vfs.readFileSync(path, 'utf8');
  const json = (path: string) => JSON.parse(read(path)) as Record<string, unknown> & { version?: string };
  return {
    vfs,
    registry,
    deps,
    read,
    json,
    npm: (args: string[], cwd?: string, signal?: AbortSignal) => run(runNpm, args, cwd, signal),
    npx: (args: string[], cwd?: string) => run(runNpx, args, cwd),
    versionAt: (path: string) => (vfs.existsSync(`${path}/package.json`) ? json(`${path}/package.json`).version : undefined),
  };
}
