// @vitest-environment jsdom
/**
 * The TypeScript templates' `tsc -b && vite build`: the real TypeScript compiler (the JavaScript release; this
 * project's own copy stands in for the one npx installs) runs under the offline runtime's `node`, passes a clean
 * project and fails the build on a type error, and a native TypeScript 7 launcher is run as that JS compiler.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNodeArgs } from '@/lib/runtime-frame/offline/command-line';
import { runNode } from '@/lib/runtime-frame/offline/node-exec';
import { JS_TYPESCRIPT } from '@/lib/runtime-frame/offline/node/native-tsc';
import { InputChannel } from '@/lib/runtime-frame/offline/process';
import { node, nodeDeps, workspace } from './node-run-helpers';

const TS_DIR = join(process.cwd(), 'node_modules/typescript');

function typescriptFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of ['package.json', 'bin/tsc', 'lib/tsc.js', 'lib/_tsc.js'])
    files[`/app/node_modules/typescript/${name}`] = readFileSync(join(TS_DIR, name), 'utf8');
  for (const name of readdirSync(join(TS_DIR, 'lib')).filter((n) => /^lib\..*\.d\.ts$/.test(n))) {
    files[`/app/node_modules/typescript/lib/${name}`] = readFileSync(join(TS_DIR, 'lib', name), 'utf8');
  }
  return files;
}

// The react-ts template's tsconfig.app.json options, as create-vite publishes them.
const appConfig = {
  compilerOptions: {
    tsBuildInfoFile: './node_modules/.tmp/tsconfig.app.tsbuildinfo',
    target: 'es2023',
    lib: ['ES2023', 'DOM'],
    module: 'esnext',
    skipLibCheck: true,
    strict: true,
    moduleResolution: 'bundler',
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    moduleDetection: 'force',
    noEmit: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    erasableSyntaxOnly: true,
    noFallthroughCasesInSwitch: true,
  },
  include: ['src'],
};

describe('tsc in the offline runtime', () => {
  it('tsc -b checks a project with references: clean passes, a type error fails with file, line and code', async () => {
    const vfs = workspace({
      ...typescriptFiles(),
      '/app/package.json': '{"type":"module"}',
      '/app/tsconfig.json': JSON.stringify({ files: [], references: [{ path: './tsconfig.app.json' }] }),
      '/app/tsconfig.app.json': JSON.stringify(appConfig),
      '/app/src/main.ts': "import { count } from './count.ts';\nexport const label: string = `Count is ${count + 1}`;\n",
      '/app/src/count.ts': 'export const count = 1;\n',
    });
    const clean = await node(vfs, ['/app/node_modules/typescript/bin/tsc', '-b'], '/app');
    expect(clean).toMatchObject({ code: 0, output: '' });
    expect(vfs.existsSync('/app/node_modules/.tmp/tsconfig.app.tsbuildinfo')).toBe(true);

    vfs.writeFileSync('/app/src/main.ts', 'export const label: number = `Count is 1`;\n');
    // In a terminal, as in the IDE's shell: tsc's pretty output (file:line:column); piped it prints file(line,column).
    const failed = await node(vfs, ['/app/node_modules/typescript/bin/tsc', '-b'], '/app', undefined, { terminal: true });
    expect(failed.code).not.toBe(0);
    expect(failed.output).toMatch(/src\/main\.ts\S*:\S*1\S*:\S*14.*TS2322: \S*Type 'string' is not assignable to type 'number'/);
  }, 120_000);

  it('loads a rewritten compiler the way vue-tsc does: new Module(path) and Module#_compile', async () => {
    const vfs = workspace({
      '/app/node_modules/checker/lib/tsc.js': "const { shout } = require('./words.js');\nconsole.log(shout('checked ' + __filename));\n",
      '/app/node_modules/checker/lib/words.js': 'exports.shout = (text) => text.toUpperCase();\n',
      '/app/run.cjs': [
        "const fs = require('fs');",
        "const { Module } = require('module');",
        "const path = '/app/node_modules/checker/lib/tsc.js';",
        "const source = fs.readFileSync(path, 'utf8').replace('checked', 'patched and checked');",
        'const m = new Module(path);',
        'm.filename = path;',
        "m.paths = Module._nodeModulePaths('/app/node_modules/checker/lib');",
        'm._compile(source, path);',
      ].join('\n'),
    });
    const run = await node(vfs, ['/app/run.cjs'], '/app');
    expect(run).toMatchObject({ code: 0, output: 'PATCHED AND CHECKED /APP/NODE_MODULES/CHECKER/LIB/TSC.JS\n' });
  });

  it("has util.isDeepStrictEqual, which svelte-check's start-up calls", async () => {
    const vfs = workspace({
      '/app/run.cjs': [
        "const { isDeepStrictEqual } = require('node:util');",
        "console.log(isDeepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), isDeepStrictEqual({ a: 1 }, { a: '1' }), isDeepStrictEqual([1], [1, 2]));",
      ].join('\n'),
    });
    expect(await node(vfs, ['/app/run.cjs'], '/app')).toMatchObject({ code: 0, output: 'true false false\n' });
  });

  it('calls back process.stdout.write(chunk, callback), so a checker that exits once its output is flushed exits with its code', async () => {
    const vfs = workspace({
      '/app/run.cjs': [
        'let pending = 2;',
        'const done = () => { if (--pending === 0) process.exitCode = 1; };',
        "process.stdout.write('found 1 error\\n', done);",
        "process.stderr.write('', done);",
      ].join('\n'),
    });
    expect(await node(vfs, ['/app/run.cjs'], '/app')).toMatchObject({ code: 1, output: 'found 1 error\n' });
  });

  it('runs a native TypeScript 7 tsc as the JavaScript compiler, with the same arguments, and says so', async () => {
    const vfs = workspace({
      '/app/package.json': '{"type":"module"}',
      '/app/node_modules/typescript/package.json': JSON.stringify({
        name: 'typescript',
        version: '7.0.2',
        bin: { tsc: './bin/tsc' },
        optionalDependencies: { '@typescript/typescript-linux-x64': '7.0.2' },
      }),
      '/app/node_modules/typescript/bin/tsc': '#!/usr/bin/env node\nimport "../lib/tsc.js";\n',
      '/app/node_modules/typescript/lib/tsc.js': 'throw new Error("Unable to resolve @typescript/typescript-linux-wasm32");\n',
    });
    const lines: string[] = [];
    let errors = '';
    const code = await runNode(
      parseNodeArgs(['/app/node_modules/typescript/bin/tsc', '-b', '--verbose']),
      { cwd: '/app', env: {}, signal: new AbortController().signal, stdin: new InputChannel(), write: () => undefined, writeError: (text) => (errors += text) },
      { ...nodeDeps(vfs), runCommandLine: async (line) => (lines.push(line), 2) },
    );
    expect(code).toBe(2);
    expect(lines).toEqual([`npx --yes --package '${JS_TYPESCRIPT}' -- tsc -b --verbose`]);
    expect(errors).toContain('TypeScript 7.0.2 is a native program');
  });
});
