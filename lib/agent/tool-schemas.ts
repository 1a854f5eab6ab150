/**
 * The agent's tools, one zod schema each, shared by the route (to declare them to the model, without
 * `execute`: tools run in the tab) and by the executor (to validate the arguments again before acting).
 * Wire names avoid dots (`fs_writeFile`) because OpenAI-compatible and other providers reject them; the UI
 * shows the reference names (`fs.writeFile`) from TOOL_LABELS.
 */
import { z } from 'zod';

/** Every failure is reported the same way, with a name the model can branch on and a message a person can read. */
export const toolErrorSchema = z.object({
  error: z.object({ name: z.string(), message: z.string() }),
});
export type ToolError = z.infer<typeof toolErrorSchema>;

/** A tool's output: its own success shape, or the shared error shape. */
const orError = <T extends z.ZodRawShape>(shape: T) => z.union([z.object(shape), toolErrorSchema]);

const path = z.string().min(1).max(1024).describe('Workspace path, e.g. "src/App.jsx" (relative to the workspace root)');
/** Output of commands is cut to its tail so a noisy install cannot flood the model's context. */
const outputTail = z.string().describe('The last part of the combined stdout/stderr');

export const planStepSchema = z.object({
  id: z.number().int().min(1),
  description: z.string().min(1),
  tools: z.array(z.string()).default([]),
  dependencies: z.array(z.number().int()).default([]),
  validation: z.string().default(''),
  estimatedDuration: z.enum(['short', 'medium', 'long']).default('short'),
});
export type PlanStep = z.infer<typeof planStepSchema>;

export const toolInputSchemas = {
  fs_writeFile: z.object({
    path,
    content: z.string().max(2_000_000),
    reason: z.string().max(500).optional(),
  }),
  fs_readFile: z.object({
    path,
    startLine: z.number().int().min(1).optional().describe('1-based first line to return'),
    endLine: z.number().int().min(1).optional().describe('1-based last line to return (inclusive)'),
  }),
  fs_listFiles: z.object({
    dir: z.string().max(1024).optional().describe('Folder to list; the workspace root when omitted'),
    recursive: z.boolean().optional(),
  }),
  fs_editFile: z.object({
    path,
    edits: z
      .array(
        z.object({
          search: z.string().min(1).describe('Exact text to find; must occur exactly once in the file'),
          replace: z.string(),
        }),
      )
      .min(1)
      .max(50),
  }),
  fs_deletePath: z.object({ path }),
  fs_movePath: z.object({ from: path, to: path }),
  install_npm: z.object({
    packages: z
      .array(z.string().min(1).max(214).regex(/^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*(@[^\s]+)?$/, 'not an npm package spec'))
      .min(1)
      .max(50),
    dev: z.boolean().optional(),
  }),
  run_sh: z.object({
    cmd: z.string().min(1).max(4000),
    background: z.boolean().optional().describe('Start a long-running process (a dev server) and return at once'),
    timeoutMs: z.number().int().min(1000).max(600_000).optional(),
  }),
  test_run: z.object({
    testFile: z.string().max(1024).optional(),
    watch: z.boolean().optional(),
  }),
  plan_create: z.object({
    goal: z.string().min(1).max(2000),
    steps: z.array(planStepSchema).min(1).max(30),
    risks: z.array(z.string()).optional(),
    fallbacks: z.array(z.string()).optional(),
  }),
  preview_check: z.object({
    instructions: z
      .string()
      .min(1)
      .max(4000)
      .describe('What to do and check in the running app, as you would tell a tester: "add a todo called milk and say whether it shows up"'),
  }),
} as const;

const commandResult = {
  ok: z.boolean().describe('True when the exit code is 0'),
  exitCode: z.number().int().nullable().describe('null while a background process keeps running'),
  output: outputTail,
  durationMs: z.number(),
  timedOut: z.boolean(),
};

export const toolOutputSchemas = {
  fs_writeFile: orError({ ok: z.literal(true), path: z.string(), bytes: z.number(), created: z.boolean() }),
  fs_readFile: orError({
    ok: z.literal(true),
    path: z.string(),
    content: z.string(),
    totalLines: z.number(),
    truncated: z.boolean(),
    note: z.string().optional(),
  }),
  fs_listFiles: orError({
    ok: z.literal(true),
    entries: z.array(z.object({ path: z.string(), type: z.enum(['file', 'directory']) })),
    truncated: z.boolean(),
  }),
  fs_editFile: orError({ ok: z.literal(true), path: z.string(), replacements: z.number(), diff: z.string() }),
  fs_deletePath: orError({ ok: z.literal(true), path: z.string() }),
  fs_movePath: orError({ ok: z.literal(true), from: z.string(), to: z.string() }),
  install_npm: orError(commandResult),
  run_sh: orError({ ...commandResult, background: z.boolean() }),
  test_run: orError({ ...commandResult, runner: z.string() }),
  plan_create: orError({ ok: z.literal(true), steps: z.number() }),
  preview_check: orError({
    ok: z.boolean().describe('True when the session completed; false when it stopped with an error or hit its turn limit'),
    answer: z.string().describe("The computer-use model's final report of what it did and saw"),
    steps: z.number().int().min(0).describe('Actions it performed'),
  }),
} as const;

export type ToolName = keyof typeof toolInputSchemas;
export type ToolInput<N extends ToolName> = z.infer<(typeof toolInputSchemas)[N]>;
export type ToolOutput<N extends ToolName> = z.infer<(typeof toolOutputSchemas)[N]>;

export const TOOL_NAMES = Object.keys(toolInputSchemas) as ToolName[];

export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(toolInputSchemas, name);
}

/** How the UI names each tool (the reference's dotted names). */
export const TOOL_LABELS: Record<ToolName, string> = {
  fs_writeFile: 'fs.writeFile',
  fs_readFile: 'fs.readFile',
  fs_listFiles: 'fs.listFiles',
  fs_editFile: 'fs.editFile',
  fs_deletePath: 'fs.deletePath',
  fs_movePath: 'fs.movePath',
  install_npm: 'install.npm',
  run_sh: 'run.sh',
  test_run: 'test.run',
  plan_create: 'plan.create',
  preview_check: 'preview.check',
};

export const TOOL_DESCRIPTIONS: Record<ToolName, string> = {
  fs_writeFile: 'Create or overwrite a whole text file (parent folders are created). Prefer fs_editFile for changes to existing files.',
  fs_readFile: 'Read a text file, optionally a line range. Large files are truncated with a note.',
  fs_listFiles: 'List a folder (node_modules is skipped); recursive lists the whole subtree.',
  fs_editFile: 'Change an existing file by exact search/replace blocks. Each search text must occur exactly once; include enough context.',
  fs_deletePath: 'Delete a file or folder.',
  fs_movePath: 'Move or rename a file or folder.',
  install_npm: 'Install npm packages into the workspace (saved to package.json).',
  run_sh: 'Run a shell command in the workspace. Use background: true for servers and watchers.',
  test_run: "Run the project's tests with its own runner (detected from package.json).",
  plan_create: 'Record a multi-step plan; the user sees it as a checklist. Nothing is executed.',
  preview_check:
    'Check the running app in the preview like a user would: a computer-use model looks at screenshots, clicks and types to follow the instructions, then reports what it found. Start the server first. Slow (up to a few minutes): use it to verify a feature end to end, not for every change.',
};
