import { describe, expect, it } from 'vitest';
import { nativeAddonError, nativeBuildError } from '@/lib/runtime-frame/offline/node/native-builds';

const files = (entries: Record<string, object>) => ({
  existsSync: (path: string) => path in entries,
  readFileSync: (path: string) => JSON.stringify(entries[path]),
});

const NATIVE_ONLY = {
  '/app/node_modules/rollup/package.json': {
    optionalDependencies: { '@rollup/rollup-linux-x64-gnu': '4.0.0', '@rollup/rollup-darwin-arm64': '4.0.0', fsevents: '2.0.0' },
  },
};

describe('native builds', () => {
  it("replaces a native-only package's failure with one that names it and says it has no WebAssembly build", () => {
    const original = new Error('Cannot find module @rollup/rollup-linux-x64-gnu. npm has a bug related to optional dependencies');
    const error = nativeBuildError(original, '/app/node_modules/rollup/dist/native.js', files(NATIVE_ONLY)) as Error & { code: string; cause: unknown };
    expect(error.code).toBe('ERR_DLOPEN_FAILED');
    expect(error.message).toBe(
      'rollup cannot load here: it has only native builds (@rollup/rollup-linux-x64-gnu, @rollup/rollup-darwin-arm64) and no WebAssembly build, and native code cannot run in a browser tab',
    );
    expect(error.cause).toBe(original);
    // Modules that required it pass it on unchanged.
    expect(nativeBuildError(error, '/app/node_modules/vite/index.js', files(NATIVE_ONLY))).toBe(error);
  });

  it('finds the missing binding in the causes napi-rs loaders attach', () => {
    const pkg = { '/app/node_modules/@scope/tool/package.json': { optionalDependencies: { '@scope/tool-linux-x64-gnu': '1.0.0' } } };
    const original = new Error('Cannot find native binding.', { cause: [new Error("Cannot find module './tool.linux-x64-gnu.node'")] });
    expect((nativeBuildError(original, '/app/node_modules/@scope/tool/index.js', files(pkg)) as Error).message).toMatch(/^@scope\/tool cannot load here/);
  });

  it('leaves other failures, and packages with a wasm32 build, as they are', () => {
    const unrelated = new TypeError('x is not a function');
    expect(nativeBuildError(unrelated, '/app/node_modules/rollup/dist/native.js', files(NATIVE_ONLY))).toBe(unrelated);
    const withWasm = { '/app/node_modules/lib/package.json': { optionalDependencies: { 'lib-linux-x64-gnu': '1', 'lib-wasm32-wasi': '1' } } };
    const missing = new Error('Cannot find native binding');
    expect(nativeBuildError(missing, '/app/node_modules/lib/index.js', files(withWasm))).toBe(missing);
    expect(nativeBuildError(missing, '/app/index.js', files(NATIVE_ONLY))).toBe(missing);
  });

  it('a .node file is refused with the package it belongs to', () => {
    const error = nativeAddonError('/app/node_modules/sharp/build/Release/sharp.node') as Error & { code: string };
    expect(error.code).toBe('ERR_DLOPEN_FAILED');
    expect(error.message).toContain('(package sharp)');
  });
});
