/**
 * The checks a project defines for itself, read from its package.json: its tests (the test runner test_run
 * finds), a type-check script and a lint script; and, while its server runs, the errors its preview page
 * reported. The agent's work is checked with these after a turn that changed files, never with tools the
 * project did not choose.
 */
import { z } from 'zod';
import type { PackageManifest } from '../context/manifest';

const CHECK_KINDS = ['tests', 'types', 'lint', 'preview'] as const;
export const checkKindSchema = z.enum(CHECK_KINDS);
type CheckKind = z.infer<typeof checkKindSchema>;

export const CHECK_LABELS: Record<CheckKind, string> = { tests: 'Tests', types: 'Type check', lint: 'Lint', preview: 'Preview' };

export interface ProjectCheck {
  kind: CheckKind;
  /** What the card shows and the fix request names: the command as the user would type it. */
  command: string;
  /** The tool that runs it: test_run finds the runner and keeps it out of watch mode. */
  tool: 'test_run' | 'run_sh' | 'preview_logs';
  input: Record<string, unknown>;
}

/** Script names projects use for a type check, in the order they are preferred. */
const TYPE_CHECK_SCRIPTS = ['typecheck', 'type-check', 'check-types', 'types', 'tsc', 'check'];
const TEST_RUNNERS = ['vitest', 'jest', 'mocha'];
/** `npm init`'s placeholder script is not a test suite. */
const NPM_PLACEHOLDER = /no test specified/;
/** A check has two minutes: a type check of a large project is slow in a tab, a hung one must still end. */
const CHECK_TIMEOUT_MS = 120_000;

/** The preview page's errors (uncaught errors, rejections, failed requests, console errors) since it loaded. */
const PREVIEW_CHECK: ProjectCheck = { kind: 'preview', command: 'errors on the preview page', tool: 'preview_logs', input: { errorsOnly: true } };

/** The checks to run: the project's own, then the preview's errors when a server is running. */
export function checksFor(manifest: PackageManifest | null, previewRunning: boolean): ProjectCheck[] {
  return [...projectChecks(manifest), ...(previewRunning ? [PREVIEW_CHECK] : [])];
}

export function projectChecks(manifest: PackageManifest | null): ProjectCheck[] {
  if (!manifest) return [];
  const scripts = new Map(manifest.scripts.map((entry) => [entry.name, entry.value]));
  const deps = new Set([...manifest.dependencies, ...manifest.devDependencies].map((entry) => entry.name));
  const checks: ProjectCheck[] = [];
  const test = scripts.get('test');
  const runner = TEST_RUNNERS.find((name) => deps.has(name));
  if ((test !== undefined && !NPM_PLACEHOLDER.test(test)) || runner) {
    checks.push({
      kind: 'tests',
      command: test !== undefined && !NPM_PLACEHOLDER.test(test) ? 'npm test' : `${runner} (test runner)`,
      tool: 'test_run',
      input: {},
    });
  }
  const typeScript = TYPE_CHECK_SCRIPTS.find((name) => scripts.has(name));
  if (typeScript) checks.push(scriptCheck('types', typeScript));
  if (scripts.has('lint')) checks.push(scriptCheck('lint', 'lint'));
  return checks;
}

function scriptCheck(kind: CheckKind, script: string): ProjectCheck {
  const command = `npm run ${script}`;
  return { kind, command, tool: 'run_sh', input: { cmd: command, timeoutMs: CHECK_TIMEOUT_MS } };
}

/** Tools whose success means the turn changed the workspace's files. */
const CHANGING_TOOLS = new Set(['fs_writeFile', 'fs_editFile', 'fs_deletePath', 'fs_movePath', 'install_npm']);

export function changesFiles(toolName: string): boolean {
  return CHANGING_TOOLS.has(toolName);
}
