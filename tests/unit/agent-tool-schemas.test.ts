import { describe, expect, it } from 'vitest';
import { activeToolsFor, agentTools } from '@/lib/agent/tools';
import { TOOL_LABELS, TOOL_NAMES, toolInputSchemas, toolOutputSchemas, type ToolName } from '@/lib/agent/tool-schemas';

/** One input each tool must accept and one it must refuse, with what makes it wrong. */
const cases: Record<ToolName, { good: unknown; bad: unknown }> = {
  fs_writeFile: { good: { path: 'src/a.js', content: 'x' }, bad: { path: '', content: 'x' } },
  fs_readFile: { good: { path: 'a.js', startLine: 1, endLine: 20 }, bad: { path: 'a.js', startLine: 0 } },
  fs_listFiles: { good: { dir: 'src', recursive: true }, bad: { recursive: 'yes' } },
  fs_search: { good: { query: 'useState(', include: ['src/**/*.tsx'], contextLines: 2 }, bad: { query: '', contextLines: 9 } },
  fs_glob: { good: { pattern: '**/*.test.ts' }, bad: { pattern: '' } },
  fs_editFile: { good: { path: 'a.js', edits: [{ search: 'Hello', replace: 'Howdy' }] }, bad: { path: 'a.js', edits: [] } },
  fs_deletePath: { good: { path: 'old.txt' }, bad: {} },
  fs_movePath: { good: { from: 'a.js', to: 'lib/a.js' }, bad: { from: 'a.js' } },
  install_npm: { good: { packages: ['react', '@types/node@24', 'lodash@^4.17.0'], dev: true }, bad: { packages: ['Not A Package'] } },
  run_sh: { good: { cmd: 'npm run dev', background: true, timeoutMs: 60_000 }, bad: { cmd: 'ls', timeoutMs: 10 } },
  test_run: { good: { testFile: 'a.test.js' }, bad: { watch: 'no' } },
  plan_create: {
    good: { goal: 'Build it', steps: [{ id: 1, description: 'Write files' }] },
    bad: { goal: 'Build it', steps: [] },
  },
  preview_logs: { good: { errorsOnly: true }, bad: { errorsOnly: 'yes' } },
  preview_check: { good: { instructions: "Add a todo called 'milk' and say whether it shows up" }, bad: { instructions: '' } },
};

describe('agent tool schemas', () => {
  it('wire names are provider-safe (no dots) and each has a dotted display label', () => {
    for (const name of TOOL_NAMES) {
      expect(name).toMatch(/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/);
      expect(TOOL_LABELS[name]).toContain('.');
    }
    expect(Object.keys(agentTools).sort()).toEqual([...TOOL_NAMES].sort());
  });

  it.each(TOOL_NAMES)('%s accepts a valid call and refuses a malformed one', (name) => {
    expect(toolInputSchemas[name].safeParse(cases[name].good).success).toBe(true);
    expect(toolInputSchemas[name].safeParse(cases[name].bad).success).toBe(false);
  });

  it('fills plan step defaults, so the checklist always has tools, dependencies and a duration', () => {
    const parsed = toolInputSchemas.plan_create.parse(cases.plan_create.good);
    expect(parsed.steps[0]).toMatchObject({ tools: [], dependencies: [], validation: '', estimatedDuration: 'short' });
  });

  it.each(TOOL_NAMES)('%s output accepts the shared error shape', (name) => {
    expect(toolOutputSchemas[name].safeParse({ error: { name: 'BadPath', message: 'nope' } }).success).toBe(true);
    expect(toolOutputSchemas[name].safeParse({ error: 'nope' }).success).toBe(false);
  });

  it('preview_check is offered in balanced and deep mode, preview_logs and the search tools in every mode', () => {
    expect(activeToolsFor('deep')).toBeUndefined();
    expect(activeToolsFor('balanced')).toBeUndefined();
    const fast = activeToolsFor('fast');
    expect(fast).toEqual(TOOL_NAMES.filter((name) => name !== 'preview_check'));
    expect(fast).toEqual(expect.arrayContaining(['preview_logs', 'fs_search', 'fs_glob']));
  });

  it('preview_check output is ok/answer/steps', () => {
    expect(toolOutputSchemas.preview_check.safeParse({ ok: true, answer: 'It shows up.', steps: 4 }).success).toBe(true);
    expect(toolOutputSchemas.preview_check.safeParse({ ok: true, answer: 'x', steps: -1 }).success).toBe(false);
  });
});
