/**
 * The agent's tools, one definition each: the label the UI shows, the description and input/output zod schemas
 * the model is given, the time limit the executor and the chat's client share, and the modes that offer it.
 * The route's tool set (tools.ts), the chat's cards, the executor's checks and the timeouts
 * (tool-timeouts.ts) all read these; nothing else names a tool's facts.
 * Wire names avoid dots (`fs_writeFile`) because OpenAI-compatible and other providers reject them; the UI
 * shows the labels (`fs.writeFile`).
 */
import { z } from 'zod';
import type { AgentMode } from './agent-mode';
import { DEFAULT_TOOL_TIMEOUT_MS } from './protocol';
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

const commandResult = {
  ok: z.boolean().describe('True when the exit code is 0'),
  exitCode: z.number().int().nullable().describe('null while a background process keeps running'),
  output: outputTail,
  durationMs: z.number(),
  timedOut: z.boolean(),
};

const globs = (what: string) => z.array(z.string().min(1).max(256)).max(20).optional().describe(what);

/** One entry the preview page logged: a console message, an uncaught error, an unhandled rejection or a failed request. */
export const previewLogEntrySchema = z.object({
  kind: z.enum(['console', 'error', 'rejection', 'request']),
  level: z.enum(['log', 'info', 'warn', 'error', 'debug']),
  message: z.string(),
  /** Milliseconds since the page loaded. */
  at: z.number(),
  url: z.string().optional(),
  status: z.number().int().optional(),
});
export type PreviewLogEntry = z.infer<typeof previewLogEntrySchema>;

const previewLogsResult = {
  entries: z.array(previewLogEntrySchema),
  /** Entries left out past the page's cap (the oldest are kept, then the newest). */
  dropped: z.number().int().min(0),
  url: z.string().optional().describe('The page the entries come from'),
};

const ALL_MODES: readonly AgentMode[] = ['fast', 'balanced', 'deep'];

/**
 * The most one fs_writeFile call carries: about 10,000 tokens of code, well inside the smallest mode's output
 * cap (16,384 tokens, thinking included), so a write is never cut off mid-call. Larger files are written in
 * parts with `append`.
 */
export const WRITE_MAX_CHARS = 40_000;

interface ToolDefinition<I extends z.ZodType, O extends z.ZodType> {
  /** How the UI names the tool (dotted, e.g. `fs.writeFile`). */
  label: string;
  description: string;
  input: I;
  output: O;
  /** The call's limit: the executor aborts the handler at it, and the chat's client waits for the same deadline. */
  timeoutMs: number;
  /** The modes whose model is offered the tool. */
  modes: readonly AgentMode[];
}

const define = <I extends z.ZodType, O extends z.ZodType>(definition: ToolDefinition<I, O>) => definition;

export const TOOL_DEFINITIONS = {
  fs_writeFile: define({
    label: 'fs.writeFile',
    description: `Create or overwrite a whole text file (parent folders are created). Prefer fs_editFile for changes to existing files. One call carries at most ${WRITE_MAX_CHARS.toLocaleString('en-US')} characters: write a larger file in parts, the first without append and each further part with append: true.`,
    input: z.object({
      path,
      content: z.string().max(WRITE_MAX_CHARS),
      append: z.boolean().optional().describe('Add content to the end of the file (created if missing) instead of replacing it'),
      reason: z.string().max(500).optional(),
    }),
    output: orError({
      ok: z.literal(true),
      path: z.string(),
      bytes: z.number().describe("The file's size after the write"),
      created: z.boolean(),
      appended: z.boolean().optional(),
    }),
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    modes: ALL_MODES,
  }),
  fs_readFile: define({
    label: 'fs.readFile',
    description: 'Read a text file, optionally a line range (startLine/endLine). Large files are truncated with a note.',
    input: z.object({
      path,
      startLine: z.number().int().min(1).optional().describe('1-based first line to return'),
      endLine: z.number().int().min(1).optional().describe('1-based last line to return (inclusive)'),
    }),
    output: orError({
      ok: z.literal(true),
      path: z.string(),
      content: z.string(),
      totalLines: z.number(),
      truncated: z.boolean(),
      note: z.string().optional(),
    }),
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    modes: ALL_MODES,
  }),
  fs_listFiles: define({
    label: 'fs.listFiles',
    description: 'List a folder (node_modules is skipped); recursive lists the whole subtree.',
    input: z.object({
      dir: z.string().max(1024).optional().describe('Folder to list; the workspace root when omitted'),
      recursive: z.boolean().optional(),
    }),
    output: orError({
      ok: z.literal(true),
      entries: z.array(z.object({ path: z.string(), type: z.enum(['file', 'directory']) })),
      truncated: z.boolean(),
    }),
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    modes: ALL_MODES,
  }),
  fs_search: define({
    label: 'fs.search',
    description:
      "Search the text of the workspace's files (node_modules, .git and binary files are skipped) for a string or, with regex: true, a JavaScript regular expression. Returns matching lines with their line numbers and a few lines of context; read more around a match with fs_readFile startLine/endLine.",
    input: z.object({
      query: z.string().min(1).max(1000).describe('Text to find, or a regular expression when regex is true'),
      regex: z.boolean().optional(),
      caseSensitive: z.boolean().optional().describe('Default false'),
      include: globs('Only files matching one of these globs, e.g. ["src/**/*.ts"]'),
      exclude: globs('Skip files matching these globs, e.g. ["**/*.test.ts"]'),
      contextLines: z.number().int().min(0).max(5).optional().describe('Lines shown before and after each match (default 1)'),
      maxResults: z.number().int().min(1).max(500).optional().describe('Matches to return at most (default 100)'),
    }),
    output: orError({
      ok: z.literal(true),
      matches: z.array(
        z.object({
          path: z.string(),
          line: z.number().int(),
          text: z.string(),
          before: z.array(z.string()).optional(),
          after: z.array(z.string()).optional(),
        }),
      ),
      filesSearched: z.number().int(),
      truncated: z.boolean().describe('True when more matches (or files) exist than were returned'),
      note: z.string().optional(),
    }),
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    modes: ALL_MODES,
  }),
  fs_glob: define({
    label: 'fs.glob',
    description: 'Find files by glob pattern (e.g. "src/**/*.tsx", "**/package.json"); node_modules and .git are skipped.',
    input: z.object({
      pattern: z.string().min(1).max(256),
      exclude: globs('Skip paths matching these globs'),
      maxResults: z.number().int().min(1).max(2000).optional().describe('Paths to return at most (default 500)'),
    }),
    output: orError({ ok: z.literal(true), paths: z.array(z.string()), truncated: z.boolean() }),
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    modes: ALL_MODES,
  }),
  fs_editFile: define({
    label: 'fs.editFile',
    description: 'Change an existing file by exact search/replace blocks. Each search text must occur exactly once; include enough context.',
    input: z.object({
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
    output: orError({ ok: z.literal(true), path: z.string(), replacements: z.number(), diff: z.string() }),
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    modes: ALL_MODES,
  }),
  fs_deletePath: define({
    label: 'fs.deletePath',
    description: 'Delete a file or folder.',
    input: z.object({ path }),
    output: orError({ ok: z.literal(true), path: z.string() }),
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    modes: ALL_MODES,
  }),
  fs_movePath: define({
    label: 'fs.movePath',
    description: 'Move or rename a file or folder.',
    input: z.object({ from: path, to: path }),
    output: orError({ ok: z.literal(true), from: z.string(), to: z.string() }),
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    modes: ALL_MODES,
  }),
  install_npm: define({
    label: 'install.npm',
    description: 'Install npm packages into the workspace (saved to package.json).',
    input: z.object({
      packages: z
        .array(
          z
            .string()
            .min(1)
            .max(214)
            .regex(/^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*(@[^\s]+)?$/, 'not an npm package spec'),
        )
        .min(1)
        .max(50),
      dev: z.boolean().optional(),
    }),
    output: orError(commandResult),
    // Installs routinely take longer than a shell command; 30 s would cut off a normal Vite scaffold.
    timeoutMs: 120_000,
    modes: ALL_MODES,
  }),
  run_sh: define({
    label: 'run.sh',
    description: 'Run a shell command in the workspace. Use background: true for servers and watchers.',
    input: z.object({
      cmd: z.string().min(1).max(4000),
      background: z.boolean().optional().describe('Start a long-running process (a dev server) and return at once'),
      timeoutMs: z.number().int().min(1000).max(600_000).optional(),
    }),
    output: orError({ ...commandResult, background: z.boolean() }),
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    modes: ALL_MODES,
  }),
  test_run: define({
    label: 'test.run',
    description: "Run the project's tests with its own runner (detected from package.json).",
    input: z.object({ testFile: z.string().max(1024).optional(), watch: z.boolean().optional() }),
    output: orError({
      ...commandResult,
      runner: z.string(),
      counts: z
        .object({ passed: z.number().int(), failed: z.number().int(), skipped: z.number().int() })
        .nullable()
        .optional()
        .describe("Counts from the runner's summary; null when the output had none"),
    }),
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    modes: ALL_MODES,
  }),
  plan_create: define({
    label: 'plan.create',
    description: 'Record a multi-step plan; the user sees it as a checklist. Nothing is executed.',
    input: z.object({
      goal: z.string().min(1).max(2000),
      steps: z.array(planStepSchema).min(1).max(30),
      risks: z.array(z.string()).optional(),
      fallbacks: z.array(z.string()).optional(),
    }),
    output: orError({ ok: z.literal(true), steps: z.number() }),
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    modes: ALL_MODES,
  }),
  preview_logs: define({
    label: 'preview.logs',
    description:
      'Read what the preview page logged since it last loaded: console messages, uncaught errors, unhandled promise rejections and failed network requests (capped). Quick: use it after a change to see whether the running app reports errors.',
    input: z.object({ errorsOnly: z.boolean().optional().describe('Only errors, warnings, rejections and failed requests') }),
    output: orError({ ok: z.literal(true), ...previewLogsResult }),
    timeoutMs: 10_000,
    modes: ALL_MODES,
  }),
  preview_check: define({
    label: 'preview.check',
    description:
      'Check the running app in the preview like a user would: a computer-use model looks at screenshots, clicks and types to follow the instructions, then reports what it found, with what the page logged meanwhile. Start the server first. Slow (up to a few minutes): use it to verify a feature end to end, not for every change; preview_logs is the quick look.',
    input: z.object({
      instructions: z
        .string()
        .min(1)
        .max(4000)
        .describe('What to do and check in the running app, as you would tell a tester: "add a todo called milk and say whether it shows up"'),
    }),
    output: orError({
      ok: z.boolean().describe('True when the session completed; false when it stopped with an error or hit its turn limit'),
      answer: z.string().describe("The computer-use model's final report of what it did and saw"),
      steps: z.number().int().min(0).describe('Actions it performed'),
      durationMs: z.number().optional(),
      screenshots: z.number().int().min(0).optional().describe('Screenshots the session took'),
      logs: z.object(previewLogsResult).optional().describe('What the page logged during the check'),
    }),
    // A whole computer-use session (up to 20 model turns, each with a screenshot).
    timeoutMs: 300_000,
    modes: ['balanced', 'deep'],
  }),
} as const;

type Definitions = typeof TOOL_DEFINITIONS;
export type ToolName = keyof Definitions;
export type ToolInput<N extends ToolName> = z.infer<Definitions[N]['input']>;
export type ToolOutput<N extends ToolName> = z.infer<Definitions[N]['output']>;

export const TOOL_NAMES = Object.keys(TOOL_DEFINITIONS) as ToolName[];

export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(TOOL_DEFINITIONS, name);
}

const pick = <K extends 'input' | 'output' | 'label'>(key: K) =>
  Object.fromEntries(TOOL_NAMES.map((name) => [name, TOOL_DEFINITIONS[name][key]])) as { [N in ToolName]: Definitions[N][K] };

/** Views of the definitions for readers that need one fact of every tool. */
export const toolInputSchemas = pick('input');
export const toolOutputSchemas = pick('output');
export const TOOL_LABELS: Record<ToolName, string> = pick('label');

/** The tools a mode's model is offered, in definition order. */
export function toolsForMode(mode: AgentMode): ToolName[] {
  return TOOL_NAMES.filter((name) => TOOL_DEFINITIONS[name].modes.includes(mode));
}
