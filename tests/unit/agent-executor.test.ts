import { afterEach, describe, expect, it } from 'vitest';
import { toolOutputSchemas, WRITE_MAX_CHARS } from '@/lib/agent/tool-schemas';
import { detectTestCommand } from '@/worker/tools/test';
import { startHarness, text, type Harness, type Script } from './agent-executor-fakes';

const A_JS = 'const a = 1;\nconst b = 2;\nconst c = 1;\n';

let harness: Harness | null = null;
afterEach(() => {
  harness?.dispose();
  harness = null;
});

async function start(...args: Parameters<typeof startHarness>) {
  harness = await startHarness(...args);
  return harness;
}

describe('executor: arguments and path rules', () => {
  it('refuses paths that escape the workspace with BadPath', async () => {
    const h = await start({ '/src/a.js': A_JS });
    for (const path of ['../../etc/passwd', '/etc/passwd', 'src/../../x']) {
      const result = await h.call('fs_readFile', { path });
      expect(result.error?.name).toBe('BadPath');
    }
    const write = await h.call('fs_writeFile', { path: '../outside.txt', content: 'x' });
    expect(write.error).toMatchObject({ name: 'BadPath', message: expect.stringContaining('climbs above the workspace root') });
  });

  it('answers invalid arguments with InvalidArguments and the schema message', async () => {
    const h = await start({});
    const result = await h.call('fs_writeFile', { path: 5 });
    expect(result.error?.name).toBe('InvalidArguments');
    expect(result.error?.message).toMatch(/path/);
    expect((await h.call('rm_rf', {})).error?.name).toBe('UnknownTool');
  });

  it('refuses a locked file and says the user locked it', async () => {
    const h = await start({ '/src/a.js': A_JS });
    h.store.setLocked('/src/a.js', true);
    const write = await h.call('fs_writeFile', { path: 'src/a.js', content: 'gone' });
    expect(write.error?.name).toBe('FileLocked');
    expect(write.error?.message).toMatch(/locked by the user/);
    expect((await h.call('fs_editFile', { path: 'src/a.js', edits: [{ search: 'const b', replace: 'let b' }] })).error?.name).toBe('FileLocked');
    expect((await h.call('fs_deletePath', { path: 'src' })).error?.name).toBe('FileLocked');
    expect((await h.call('fs_movePath', { from: 'src', to: 'lib' })).error?.name).toBe('FileLocked');
    expect(await text(h, '/src/a.js')).toBe(A_JS);
  });
});

describe('executor: fs tools', () => {
  it('writes files (creating folders), reports created, and the store sees them', async () => {
    const h = await start({ '/a.txt': 'old' });
    const first = await h.call('fs_writeFile', { path: 'src/deep/new.js', content: 'é' });
    expect(first.content).toEqual({ ok: true, path: '/src/deep/new.js', bytes: 2, created: true });
    expect(h.store.getSnapshot().files).toContain('/src/deep/new.js');
    expect((await h.call('fs_writeFile', { path: 'a.txt', content: 'new' })).content).toMatchObject({ created: false });
  });

  it('writes a file larger than one call in parts: append adds to it, and a part over the limit is refused', async () => {
    const h = await start({});
    const part = 'x'.repeat(WRITE_MAX_CHARS);
    expect((await h.call('fs_writeFile', { path: 'big.txt', content: part })).content).toMatchObject({ created: true, bytes: WRITE_MAX_CHARS });
    expect((await h.call('fs_writeFile', { path: 'big.txt', content: 'tail', append: true })).content).toEqual({
      ok: true,
      path: '/big.txt',
      bytes: WRITE_MAX_CHARS + 4,
      created: false,
      appended: true,
    });
    expect(await text(h, '/big.txt')).toBe(part + 'tail');
    // Appending to a file that does not exist yet creates it.
    expect((await h.call('fs_writeFile', { path: 'fresh.txt', content: 'a', append: true })).content).toMatchObject({ created: true, appended: false });
    const tooLong = await h.call('fs_writeFile', { path: 'big.txt', content: part + 'y' });
    expect(tooLong.error).toMatchObject({ name: 'InvalidArguments', message: expect.stringMatching(/content/) });
    expect(await text(h, '/big.txt')).toBe(part + 'tail');
  });

  it('commits what a tool wrote to persistence before answering (a reload right after loses nothing)', async () => {
    const h = await start({});
    const before = h.sink.flushes;
    await h.call('fs_writeFile', { path: 'greeting.js', content: 'hi' });
    expect(h.sink.flushes).toBeGreaterThan(before);
    expect(h.sink.files.get('/greeting.js')).toBe('hi');
  });

  it('fs_editFile with 0 matches (block 2) or 2 matches writes nothing', async () => {
    const h = await start({ '/src/a.js': A_JS });
    const none = await h.call('fs_editFile', {
      path: 'src/a.js',
      edits: [
        { search: 'const b = 2;', replace: 'const b = 3;' },
        { search: 'const z', replace: 'x' },
      ],
    });
    expect(none.error?.name).toBe('NoMatch');
    expect(none.error?.message).toContain('search block 2 was not found in src/a.js');
    const many = await h.call('fs_editFile', { path: 'src/a.js', edits: [{ search: ' = 1;', replace: ' = 9;' }] });
    expect(many.error?.name).toBe('AmbiguousMatch');
    expect(many.error?.message).toContain('search block 1 matches 2 times in src/a.js; include more surrounding lines');
    expect(await text(h, '/src/a.js')).toBe(A_JS);
  });

  it('a good edit applies in order and returns a unified diff', async () => {
    const h = await start({ '/src/a.js': A_JS });
    const result = await h.call('fs_editFile', {
      path: '/src/a.js',
      edits: [
        { search: 'const b = 2;', replace: 'const b = "$&";' },
        { search: 'const c = 1;', replace: 'const c = 3;' },
      ],
    });
    const content = toolOutputSchemas.fs_editFile.parse(result.content);
    expect(content).toMatchObject({ ok: true, replacements: 2 });
    if (!('diff' in content)) throw new Error('expected a diff');
    expect(content.diff).toContain('@@ -1,3 +1,3 @@\n const a = 1;\n-const b = 2;\n-const c = 1;\n+const b = "$&";\n+const c = 3;');
    expect(await text(h, '/src/a.js')).toBe('const a = 1;\nconst b = "$&";\nconst c = 3;\n');
  });

  it('reads line ranges, truncates large files with a note, refuses binary files', async () => {
    const big = Array.from({ length: 3000 }, (_, i) => `line ${i + 1}`).join('\n');
    const h = await start({ '/big.txt': big, '/img.png': new Uint8Array([137, 80, 0, 1]), '/a.js': A_JS });
    const range = toolOutputSchemas.fs_readFile.parse((await h.call('fs_readFile', { path: 'a.js', startLine: 2, endLine: 2 })).content);
    expect(range).toMatchObject({ content: 'const b = 2;', totalLines: 3, truncated: false });
    const cut = toolOutputSchemas.fs_readFile.parse((await h.call('fs_readFile', { path: 'big.txt' })).content);
    expect(cut).toMatchObject({ totalLines: 3000, truncated: true, note: expect.stringContaining('startLine: 2001') });
    expect((await h.call('fs_readFile', { path: 'img.png' })).error?.name).toBe('BinaryFile');
    expect((await h.call('fs_readFile', { path: 'missing.js' })).error?.name).toBe('NotFound');
  });

  it('lists recursively without node_modules; deletes and moves', async () => {
    const h = await start({ '/src/a.js': A_JS, '/node_modules/x/index.js': '', '/README.md': '#' });
    const list = await h.call('fs_listFiles', { recursive: true });
    expect(list.content).toEqual({
      ok: true,
      truncated: false,
      entries: [
        { path: '/src', type: 'directory' },
        { path: '/README.md', type: 'file' },
        { path: '/src/a.js', type: 'file' },
      ],
    });
    expect((await h.call('fs_movePath', { from: 'src/a.js', to: 'lib/b.js' })).content).toEqual({ ok: true, from: '/src/a.js', to: '/lib/b.js' });
    expect(await text(h, '/lib/b.js')).toBe(A_JS);
    expect((await h.call('fs_deletePath', { path: 'lib' })).content).toEqual({ ok: true, path: '/lib' });
    expect((await h.call('fs_deletePath', { path: 'lib' })).error?.name).toBe('NotFound');
  });
});

describe('executor: commands', () => {
  const scripts: Record<string, Script> = {
    'node -e ok': (p) => (p.print('1\r\n'), p.end(0)),
    'node fail.js': (p) => (p.print('\u001b[31mError: boom\u001b[0m\r\n'), p.end(1)),
    'node noisy.js': (p) => (p.print('x'.repeat(100_000) + '\nthe end\n'), p.end(0)),
    'node server.js': (p) => p.print('listening on 3000\r\n'),
    hang: () => undefined,
  };
  const script: Script = (process, line) => (scripts[line] ?? ((p) => p.end(0)))(process, line);

  it('runs a foreground command: exit code, cleaned output, duration, audit entry', async () => {
    const h = await start({}, script);
    const ok = toolOutputSchemas.run_sh.parse((await h.call('run_sh', { cmd: 'node -e ok' })).content);
    expect(ok).toMatchObject({ ok: true, exitCode: 0, output: '1\n', timedOut: false, background: false });
    const failed = await h.call('run_sh', { cmd: 'node fail.js' });
    expect(failed.content).toMatchObject({ ok: false, exitCode: 1, output: 'Error: boom\n' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.audits.map(({ tool, ok: good, exitCode }) => ({ tool, ok: good, exitCode }))).toEqual([
      { tool: 'run_sh', ok: true, exitCode: 0 },
      { tool: 'run_sh', ok: false, exitCode: 1 },
    ]);
    expect(h.audits[0]?.argsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(h.audits[0]?.workspaceId).toBe('w1');
    expect(h.store.getSnapshot().facts.lastCommand).toBe('node fail.js');
  });

  it('bounds the output to its tail', async () => {
    const h = await start({}, script);
    const result = toolOutputSchemas.run_sh.parse((await h.call('run_sh', { cmd: 'node noisy.js' })).content);
    if (!('output' in result)) throw new Error('expected output');
    expect(result.output.length).toBeLessThanOrEqual(4_097);
    expect(result.output.endsWith('the end\n')).toBe(true);
  });

  it('kills a command that never exits at its time limit and says timedOut', async () => {
    const h = await start({}, script);
    const started = Date.now();
    const result = await h.call('run_sh', { cmd: 'hang', timeoutMs: 1_000 });
    expect(result.content).toMatchObject({ ok: false, timedOut: true, exitCode: 130 });
    expect(h.spawned[0]?.killed).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('a process that ignores kill still ends the call (exit code null)', async () => {
    const h = await start({}, script, { exitOnKill: false, defaultTimeoutMs: 1_000 });
    const result = await h.call('run_sh', { cmd: 'hang' });
    expect(result.content).toMatchObject({ ok: false, timedOut: true, exitCode: null });
  });

  it('background: returns once the port opens, hands the process to the UI; Stop kills it', async () => {
    const h = await start({}, (p, line) => {
      script(p, line);
      if (line === 'node server.js') setTimeout(() => h.runtime.emitPort({ port: 3000, type: 'open', url: 'http://x/3000/' }), 20);
    });
    const result = await h.call('run_sh', { cmd: 'node server.js', background: true });
    expect(result.content).toMatchObject({ ok: true, exitCode: null, background: true });
    expect((result.content as { output: string }).output).toContain('listening on 3000');
    expect((result.content as { output: string }).output).toContain('[port 3000 is open');
    expect(h.background.map((b) => b.cmd)).toEqual(['node server.js']);
    expect(h.spawned[0]?.killed).toBe(false);
    h.client.cancelAll();
    await h.spawned[0]?.exit;
    expect(h.spawned[0]?.killed).toBe(true);
  });

  it('background: sees a port that opens before spawn resolves', async () => {
    const h = await start({}, script);
    const spawn = h.runtime.spawn;
    h.runtime.spawn = async (...args) => {
      h.runtime.emitPort({ port: 5173, type: 'open', url: '' });
      return spawn(...args);
    };
    const result = await h.call('run_sh', { cmd: 'node server.js', background: true });
    expect(result.content).toMatchObject({ exitCode: null, output: expect.stringContaining('[port 5173 is open]') });
  });

  it('cancelAll() kills background processes without a client', async () => {
    const h = await start({}, script);
    const result = await h.call('run_sh', { cmd: 'node server.js', background: true });
    expect(result.content).toMatchObject({ exitCode: null, output: expect.stringContaining('still running') });
    await h.executor.cancelAll();
    expect(h.spawned[0]?.killed).toBe(true);
  });

  it('install_npm spawns npm install with -D', async () => {
    const h = await start({}, (p) => (p.print('added 1 package\n'), p.end(0)));
    const result = await h.call('install_npm', { packages: ['vitest@3'], dev: true });
    expect(h.spawned[0]?.command).toBe('npm install -D vitest@3');
    expect(result.content).toMatchObject({ ok: true, exitCode: 0, output: 'added 1 package\n' });
  });

  it('test_run detects the runner, or says there is none', async () => {
    const h = await start({ '/package.json': JSON.stringify({ devDependencies: { vitest: '^3' } }) });
    const result = await h.call('test_run', { testFile: 'src/a.test.js' });
    expect(h.spawned[0]?.command).toBe('npx vitest run src/a.test.js');
    expect(result.content).toMatchObject({ ok: true, runner: 'vitest' });
    await h.call('fs_writeFile', { path: 'package.json', content: '{"scripts":{"test":"echo \\"Error: no test specified\\" && exit 1"}}' });
    expect((await h.call('test_run', {})).error?.name).toBe('NoTestRunner');
  });

  it('plan_create acknowledges the step count', async () => {
    const h = await start({});
    const result = await h.call('plan_create', {
      goal: 'g',
      steps: [
        { id: 1, description: 'a' },
        { id: 2, description: 'b' },
      ],
    });
    expect(result.content).toEqual({ ok: true, steps: 2 });
  });
});

describe('detectTestCommand', () => {
  it('prefers the test script, passing a file after --', () => {
    expect(detectTestCommand({ scripts: { test: 'jest' } }, 'a.test.js', false)).toEqual({ runner: 'jest', cmd: 'npm test -- a.test.js' });
    expect(detectTestCommand({ scripts: { test: 'node t.js' } }, undefined, false)).toEqual({ runner: 'npm test', cmd: 'npm test' });
  });
  it('uses the runner directly for watch mode and quotes odd file names', () => {
    expect(detectTestCommand({ scripts: { test: 'vitest run' } }, undefined, true)).toEqual({ runner: 'vitest', cmd: 'npx vitest' });
    expect(detectTestCommand({ devDependencies: { mocha: '1' } }, "it's.js", true)?.cmd).toBe("npx mocha 'it'\\''s.js' --watch");
  });
});
