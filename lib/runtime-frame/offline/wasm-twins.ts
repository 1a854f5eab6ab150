/**
 * Packages whose code is native only, paired with the WebAssembly build their authors publish under another
 * name at the same version and with the same API. A browser tab cannot load the native one, so the installer
 * also installs the twin beside it, and the module loader hands out the twin where the native package is asked
 * for. Packages that ship their WebAssembly build as one of their own per-platform optional packages (napi-rs's
 * `wasm32-wasi`) need no entry: the installer picks that build by its `cpu` field.
 */
const WASM_TWINS: Readonly<Record<string, string>> = {
  // The native loader requires `lightningcss.<platform>.node`; lightningcss-wasm's `node` export condition
  // compiles the same Rust code for WebAssembly and exports the same functions.
  lightningcss: 'lightningcss-wasm',
  // Vite 5-7 bundle with Rollup, whose loader requires `@rollup/rollup-<platform>`; @rollup/wasm-node is Rollup
  // published with its Rust parts compiled for WebAssembly, the same package otherwise.
  rollup: '@rollup/wasm-node',
  // Vite 5-7 transform and pre-bundle with esbuild, whose API runs its native binary as a child process;
  // esbuild-wasm's API runs the same Go program compiled for WebAssembly as a `node` child instead, speaking the
  // same binary protocol over the child's stdin and stdout.
  esbuild: 'esbuild-wasm',
};

/** The WebAssembly twin of a registry package, if it has one. */
export function wasmTwinOf(packageName: string): string | undefined {
  return Object.hasOwn(WASM_TWINS, packageName) ? WASM_TWINS[packageName] : undefined;
}
