import { describe, expect, it } from 'vitest';
import { manifestFromPackageJson } from '@/lib/agent/context/manifest';
import type { IdeUIMessage } from '@/lib/agent/messages';
import { checksFor, projectChecks } from '@/lib/agent/self-check/project-checks';
import { fixRequest, turnChecksSchema } from '@/lib/agent/self-check/results';
import { runChecks, turnChangedFiles } from '@/lib/chat/self-check';
import { selfCheckByDefault } from '@/lib/chat/useSelfCheck';
import type { ToolRunner } from '@/lib/chat/tool-runner';

const manifest = (pkg: object) => manifestFromPackageJson(JSON.stringify(pkg));

describe("the project's own checks", () => {
  it('are its test runner, a type-check script and its lint script, in that order', () => {
    const checks = projectChecks(manifest({ scripts: { lint: 'eslint .', typecheck: 'tsc --noEmit', test: 'vitest' } }));
    expect(checks.map((check) => [check.kind, check.command, check.tool])).toEqual([
      ['tests', 'npm test', 'test_run'],
      ['types', 'npm run typecheck', 'run_sh'],
      ['lint', 'npm run lint', 'run_sh'],
    ]);
  });

  it("npm's placeholder test script is no test suite, a runner dependency is; nothing defined means no checks", () => {
    expect(projectChecks(manifest({ scripts: { test: 'echo "Error: no test specified" && exit 1' } }))).toEqual([]);
    expect(projectChecks(manifest({ devDependencies: { vitest: '^4.0.0' } })).map((check) => check.command)).toEqual(['vitest (test runner)']);
    expect(projectChecks(manifest({ scripts: { 'check-types': 'tsc -b', dev: 'vite' } })).map((check) => check.command)).toEqual(['npm run check-types']);
    expect(projectChecks(manifest({ scripts: { dev: 'vite', build: 'vite build' } }))).toEqual([]);
    expect(projectChecks(null)).toEqual([]);
  });

  it('run on by default in Balanced and Deep, not in Fast', () => {
    expect([selfCheckByDefault('fast'), selfCheckByDefault('balanced'), selfCheckByDefault('deep')]).toEqual([false, true, true]);
  });
});

describe('running them', () => {
  it('runs each through the executor and words the outcome; a check that cannot run fails with why', async () => {
    const calls: [string, unknown][] = [];
    const runner: ToolRunner = {
      execute: async (_id, name, args) => {
        calls.push([name, args]);
        if (name === 'test_run')
          return {
            content: {
              ok: false,
              exitCode: 1,
              output: 'x'.repeat(5000) + 'END',
              durationMs: 5,
              timedOut: false,
              runner: 'vitest',
              counts: { passed: 3, failed: 1, skipped: 0 },
            },
          };
        return { error: { name: 'ExecutorError', message: 'the runtime is restarting' } };
      },
      cancelAll: () => {},
    };
    const started: string[] = [];
    const results = await runChecks(projectChecks(manifest({ scripts: { test: 'vitest', lint: 'eslint .' } })), runner, (check) => started.push(check.command));
    expect(started).toEqual(['npm test', 'npm run lint']);
    expect(calls[1]).toEqual(['run_sh', { cmd: 'npm run lint', timeoutMs: 120_000 }]);
    expect(results[0]).toMatchObject({ kind: 'tests', ok: false, summary: 'exit code 1 · 1 failed, 3 passed' });
    expect(results[0]?.output.endsWith('END')).toBe(true);
    expect(results[0]?.output.length).toBe(2000);
    expect(results[1]).toMatchObject({ kind: 'lint', ok: false, summary: 'could not run: the runtime is restarting' });
    expect(turnChecksSchema.safeParse({ results }).success).toBe(true);
    expect(fixRequest(results)).toContain('- Lint (`npm run lint`): could not run: the runtime is restarting');
  });

  it("reads the preview's errors while a server runs: errors fail the check, warnings do not, no page says nothing", async () => {
    const checks = checksFor(null, true);
    expect(checks.map((check) => check.tool)).toEqual(['preview_logs']);
    expect(checksFor(null, false)).toEqual([]);
    const logs = (entries: object[]): ToolRunner => ({ execute: async () => ({ content: { ok: true, entries, dropped: 0 } }), cancelAll: () => {} });
    const warn = { kind: 'console', level: 'warn', message: 'deprecated API', at: 5 };
    const failure = { kind: 'request', level: 'error', message: 'GET /api/todos failed', at: 9, url: '/api/todos', status: 500 };
    expect(await runChecks(checks, logs([warn]), () => {})).toEqual([
      { kind: 'preview', command: 'errors on the preview page', ok: true, summary: 'no errors', output: '' },
    ]);
    expect(await runChecks(checks, logs([warn, failure]), () => {})).toEqual([
      { kind: 'preview', command: 'errors on the preview page', ok: false, summary: '1 error', output: 'request: GET /api/todos failed (/api/todos 500)' },
    ]);
    const closed: ToolRunner = {
      execute: async () => ({ content: { error: { name: 'Unavailable', message: 'no preview page is open' } } }),
      cancelAll: () => {},
    };
    expect(await runChecks(checks, closed, () => {})).toEqual([]);
  });

  it('Stop ends the checks: the one it cut short is not reported and no later one starts', async () => {
    let stopped = false;
    const runner: ToolRunner = {
      execute: async () => {
        stopped = true;
        return { content: { ok: false, exitCode: null, output: 'killed', durationMs: 1, timedOut: false } };
      },
      cancelAll: () => {},
    };
    const started: string[] = [];
    const checks = projectChecks(manifest({ scripts: { typecheck: 'tsc', lint: 'eslint .' } }));
    expect(
      await runChecks(
        checks,
        runner,
        (check) => started.push(check.command),
        () => stopped,
      ),
    ).toEqual([]);
    expect(started).toEqual(['npm run typecheck']);
  });

  it('only after a turn whose file tools or installs succeeded', () => {
    const turn = (parts: IdeUIMessage['parts']): IdeUIMessage => ({ id: 'a', role: 'assistant', parts });
    const write = {
      type: 'tool-fs_writeFile',
      toolCallId: 'w',
      state: 'output-available',
      input: { path: 'a', content: 'x' },
      output: { ok: true, path: '/a', bytes: 1, created: true },
    };
    const read = {
      type: 'tool-fs_readFile',
      toolCallId: 'r',
      state: 'output-available',
      input: { path: 'a' },
      output: { content: 'x', totalLines: 1, truncated: false },
    };
    const failedWrite = { ...write, output: { error: { name: 'Denied', message: 'outside the workspace' } } };
    expect(turnChangedFiles(turn([write] as IdeUIMessage['parts']))).toBe(true);
    expect(turnChangedFiles(turn([read] as IdeUIMessage['parts']))).toBe(false);
    expect(turnChangedFiles(turn([failedWrite] as IdeUIMessage['parts']))).toBe(false);
  });
});
