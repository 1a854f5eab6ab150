/**
 * React Fast Refresh for modules the dev server compiles. esbuild compiles JSX but does not register
 * components with React's refresh runtime, so the registration Babel's refresh plugin would write is added
 * here: each top-level component is registered under the module's id with its hook signature, and a module
 * whose exports are all components accepts its own updates and asks React to refresh in place. The runtime is
 * @vitejs/plugin-react's own `refresh-runtime.js`, served from the project's node_modules.
 */
import type { ComponentSite } from './imports';

export const REFRESH_RUNTIME_URL = '@react-refresh';
export const REFRESH_RUNTIME_FILE = 'node_modules/@vitejs/plugin-react/dist/refresh-runtime.js';

/** The inline module the page runs before the app: React's hook into the runtime, no-op registrations. */
export function refreshPreamble(base: string): string {
  return `<script type="module">import { injectIntoGlobalHook } from "${base}${REFRESH_RUNTIME_URL}";
injectIntoGlobalHook(window);
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;
window.__vite_plugin_react_preamble_installed__ = true;</script>`;
}

/** Wraps compiled module `code` (served as `id`) with Fast Refresh registration; unchanged without components. */
export function addRefresh(code: string, id: string, components: readonly ComponentSite[], base: string): string {
  if (components.length === 0) return code;
  const key = JSON.stringify(id);
  const header = `import * as RefreshRuntime from "${base}${REFRESH_RUNTIME_URL}";
const inWebWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;
let prevRefreshReg;
let prevRefreshSig;
if (import.meta.hot && !inWebWorker) {
  if (!window.$RefreshReg$) throw new Error("@vitejs/plugin-react can't detect preamble. Something is wrong.");
  prevRefreshReg = window.$RefreshReg$;
  prevRefreshSig = window.$RefreshSig$;
  window.$RefreshReg$ = (type, name) => RefreshRuntime.register(type, ${key} + " " + name);
  window.$RefreshSig$ = RefreshRuntime.createSignatureFunctionForTransform;
}
`;
  const registrations = components
    .map((component) => {
      const sig = `__refreshSig_${component.name}`;
      return `var ${sig} = $RefreshSig$();\n${sig}(${component.name}, ${JSON.stringify(component.hooks.join('\n'))});\n$RefreshReg$(${component.name}, ${JSON.stringify(component.name)});`;
    })
    .join('\n');
  const footer = `
${registrations}
if (import.meta.hot && !inWebWorker) {
  window.$RefreshReg$ = prevRefreshReg;
  window.$RefreshSig$ = prevRefreshSig;
  RefreshRuntime.__hmr_import(import.meta.url).then((currentExports) => {
    RefreshRuntime.registerExportsForReactRefresh(${key}, currentExports);
    import.meta.hot.accept((nextExports) => {
      if (!nextExports) return;
      const invalidateMessage = RefreshRuntime.validateRefreshBoundaryAndEnqueueUpdate(${key}, currentExports, nextExports);
      if (invalidateMessage) import.meta.hot.invalidate(invalidateMessage);
    });
  });
}
`;
  return header + code + footer;
}
