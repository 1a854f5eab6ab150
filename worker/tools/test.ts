/**
 * test_run: finds the project's runner in /package.json (its test script, else a vitest / jest / mocha
 * dependency) and runs it like run_sh; watch mode runs in the background. The result carries the passed /
 * failed counts from the runner's summary.
 */
import { decodeContent } from '@/lib/workspace/content';
import { ToolFailure } from '@/lib/agent/tool-failure';
import { displayPath, workspaceEntryPath } from '../guard';
import type { ToolHandler } from './context';
import { runCommand } from './shell';
import { parseTestCounts } from './test-counts';

interface PackageJson {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

interface TestCommand {
  runner: string;
  cmd: string;
}

const RUNNERS = ['vitest', 'jest', 'mocha'] as const;
/** `npm init`'s placeholder script is not a test runner. */
const NPM_PLACEHOLDER = /no test specified/;

/** Single-quotes an argument for the shell when it needs it. */
function shellArg(value: string): string {
  return /^[\w./@:=+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

function runnerCommand(runner: (typeof RUNNERS)[number], file: string | undefined, watch: boolean): string {
  const target = file ? ` ${shellArg(file)}` : '';
  if (runner === 'vitest') return `npx vitest ${watch ? '' : 'run'}${target}`.replace(/\s+/g, ' ').trim();
  return `npx ${runner}${target}${watch ? ' --watch' : ''}`;
}

/** The command for this project, or null when it has no recognisable runner. Pure, for tests. */
export function detectTestCommand(pkg: PackageJson, file: string | undefined, watch: boolean): TestCommand | null {
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const script = pkg.scripts?.test;
  const fromScript = script ? RUNNERS.find((runner) => new RegExp(`\\b${runner}\\b`).test(script)) : undefined;
  const fromDeps = RUNNERS.find((runner) => runner in deps);
  // Watch mode and single files need the runner's own flags; `npm test` cannot be relied on to pass them.
  const direct = fromScript ?? fromDeps;
  if (script && !NPM_PLACEHOLDER.test(script) && !(watch && direct)) {
    const args = file ? ` -- ${shellArg(file)}` : '';
    return { runner: fromScript ?? 'npm test', cmd: `npm test${args}` };
  }
  if (direct) return { runner: direct, cmd: runnerCommand(direct, file, watch) };
  return null;
}

async function readPackageJson(ctx: Parameters<ToolHandler<'test_run'>>[1]): Promise<PackageJson> {
  const fs = ctx.runtime.fs;
  if (!(await fs.exists('/package.json'))) {
    throw new ToolFailure('NoTestRunner', 'There is no /package.json, so no test runner can be found. Create one with a "test" script.');
  }
  const { text, binary } = decodeContent(await fs.readFile('/package.json'));
  try {
    if (binary) throw new Error('binary');
    return JSON.parse(text) as PackageJson;
  } catch {
    throw new ToolFailure('NoTestRunner', '/package.json is not valid JSON; fix it before running tests.');
  }
}

export const runTests: ToolHandler<'test_run'> = async (args, ctx) => {
  const file = args.testFile === undefined ? undefined : displayPath(workspaceEntryPath(args.testFile));
  const watch = args.watch ?? false;
  const detected = detectTestCommand(await readPackageJson(ctx), file, watch);
  if (!detected) {
    throw new ToolFailure(
      'NoTestRunner',
      'No test runner found: package.json has no "test" script and no vitest, jest or mocha dependency. Install one (install_npm with dev: true) and add a "test" script.',
    );
  }
  const result = await runCommand(detected.cmd, watch, ctx);
  return {
    ok: result.ok,
    exitCode: result.exitCode,
    output: `$ ${detected.cmd}\n${result.output}`,
    durationMs: result.durationMs,
    timedOut: result.timedOut,
    runner: detected.runner,
    // A background (watch) run has printed no summary yet when the tool answers.
    counts: parseTestCounts(result.output),
  };
};
