/**
 * `import()` inside Function-constructor code goes to the process's loader with the calling module as referrer,
 * as in Node (where `new Function('s', 'return import(s)')` is how CommonJS builds keep a real dynamic import).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callerFile, routeFunctionImports, routeImports } from '@/lib/runtime-frame/offline/node/function-import';

describe('import() in Function-constructor code', () => {
  let undo: (() => void) | undefined;
  afterEach(() => undo?.());

  it('sends the body’s import() calls to the loader with the calling module as referrer', async () => {
    const asked: [string, string][] = [];
    undo = routeFunctionImports(
      globalThis,
      async (specifier, referrer) => (asked.push([specifier, referrer]), { loaded: specifier }),
      () => '/project/[eval]',
    );
    const importEsm = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<unknown>;
    await expect(importEsm('zimmerframe')).resolves.toEqual({ loaded: 'zimmerframe' });
    // Called as a plain function (no `new`) too, as `Function(...)` may be.
    const viaCall = Function('return import("./x.mjs", { with: {} })') as () => Promise<unknown>;
    await expect(viaCall()).resolves.toEqual({ loaded: './x.mjs' });
    // Here the caller is this test file: its absolute path is the referrer, as the module's file is in the runtime.
    expect(asked.map(([specifier]) => specifier)).toEqual(['zimmerframe', './x.mjs']);
    expect(asked[0]?.[1]).toMatch(/node-function-import\.test\.ts$/);
  });

  it('leaves bodies without import(), and ones that do not parse, to the native constructor', () => {
    const referrer = vi.fn(() => '/m.mjs');
    expect(routeImports(['a', 'return a + "import("'], referrer)).toEqual(['a', 'return a + "import("']);
    expect(routeImports(['return import('], referrer)).toEqual(['return import(']);
    expect(routeImports(['a', 'return a + 1'], referrer)).toEqual(['a', 'return a + 1']);
    expect(referrer, 'the stack is read only for a body that imports').not.toHaveBeenCalled();
    undo = routeFunctionImports(
      globalThis,
      async () => ({}),
      () => '/[eval]',
    );
    expect(() => new Function('return import(')).toThrow(SyntaxError);
    expect(new Function('a', 'b', 'return a + b')(2, 3)).toBe(5);
    expect(new Function('return 1') instanceof Function).toBe(true);
  });

  it('finds the caller’s file below the trap’s own frame, skipping frames that are URLs', () => {
    const stack = [
      'Error',
      '    at Object.construct (/work/lib/function-import.ts:60:40)',
      '    at http://localhost:3000/_next/static/chunks/runtime.js:1:2',
      '    at TransformPluginContext.transform (/home/project/node_modules/@preact/preset-vite/dist/esm/transform-hook-names.mjs:38:84)',
    ].join('\n');
    expect(callerFile(stack)).toBe('/home/project/node_modules/@preact/preset-vite/dist/esm/transform-hook-names.mjs');
    expect(callerFile('Error\n    at x (/a.ts:1:1)')).toBeNull();
  });
});
