/**
 * The agent's system instructions: who it is, how to use the tools, the mode, and a BOUNDED summary of the
 * workspace (its shape: folder counts, key paths, package.json facts; last command, server state, ports,
 * packages — never file contents).
 * Bounded because a 20,000-file workspace must not cost 20,000 lines of prompt on every step.
 */
import { renderWorkspaceShape } from './context/workspace-summary';
import type { WorkspaceState } from '../messages';
import type { ModeConfig } from './modes';
import { WRITE_MAX_CHARS } from '../tool-schemas';

interface SummaryLimits {
  /** File lines shown in the tree; the rest are counted in "…and N more". */
  maxFiles: number;
  /** Hard cap on the tree's characters, for very long paths. */
  maxTreeChars: number;
  maxPackages: number;
  maxCommandChars: number;
}

const DEFAULT_SUMMARY_LIMITS: SummaryLimits = { maxFiles: 150, maxTreeChars: 8_000, maxPackages: 60, maxCommandChars: 300 };

interface DirNode {
  dirs: Map<string, DirNode>;
  files: string[];
}

const newDir = (): DirNode => ({ dirs: new Map(), files: [] });

function buildTree(paths: readonly string[]): DirNode {
  const root = newDir();
  for (const raw of paths) {
    const parts = raw.split('/').filter((part) => part !== '' && part !== '.');
    const name = parts.pop();
    if (name === undefined) continue;
    let node = root;
    for (const part of parts) {
      let child = node.dirs.get(part);
      if (!child) node.dirs.set(part, (child = newDir()));
      node = child;
    }
    node.files.push(name);
  }
  return root;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * File names as an indented tree (folders first, then files, both sorted), at most `maxFiles` file lines and
 * `maxTreeChars` characters; whatever does not fit is counted in a final "…and N more files" line.
 */
export function renderFileTree(paths: readonly string[], limits: Pick<SummaryLimits, 'maxFiles' | 'maxTreeChars'> = DEFAULT_SUMMARY_LIMITS): string {
  const unique = [...new Set(paths)];
  if (unique.length === 0) return '(empty workspace)';
  const lines: string[] = [];
  let shown = 0;
  let chars = 0;
  let full = false;
  const push = (line: string) => {
    const cut = clip(line, 200);
    if (chars + cut.length + 1 > limits.maxTreeChars) {
      full = true;
      return false;
    }
    lines.push(cut);
    chars += cut.length + 1;
    return true;
  };
  const walk = (node: DirNode, depth: number) => {
    const indent = '  '.repeat(depth);
    for (const [name, child] of [...node.dirs].sort(([a], [b]) => a.localeCompare(b))) {
      if (full || shown >= limits.maxFiles || !push(`${indent}${name}/`)) return;
      walk(child, depth + 1);
    }
    for (const file of [...node.files].sort((a, b) => a.localeCompare(b))) {
      if (full || shown >= limits.maxFiles || !push(`${indent}${file}`)) return;
      shown++;
    }
  };
  walk(buildTree(unique), 0);
  const rest = unique.length - shown;
  if (rest > 0) lines.push(`…and ${rest} more file${rest === 1 ? '' : 's'}`);
  return lines.join('\n');
}

function listWithMore(items: readonly string[], max: number): string {
  if (items.length === 0) return 'none';
  const shown = items
    .slice(0, max)
    .map((item) => clip(item, 120))
    .join(', ');
  return items.length > max ? `${shown}, …and ${items.length - max} more` : shown;
}

export function renderWorkspaceSummary(state: WorkspaceState, limits: SummaryLimits = DEFAULT_SUMMARY_LIMITS): string {
  return [
    // Folder counts plus the paths that matter; a small project is listed in full (renderFileTree).
    renderWorkspaceShape(state, (files) => renderFileTree(files, limits)),
    '',
    `Last command: ${state.lastCommand ? clip(state.lastCommand, limits.maxCommandChars) : 'none'}`,
    `Dev server running: ${state.serverRunning ? 'yes' : 'no'}`,
    `Open ports: ${state.openPorts.length > 0 ? state.openPorts.slice(0, 20).join(', ') : 'none'}`,
    `Installed packages: ${listWithMore(state.installedPackages, limits.maxPackages)}`,
    ...(state.restoredCheckpoint
      ? [
          `The user restored checkpoint "${clip(state.restoredCheckpoint.label, 120)}" at ${new Date(state.restoredCheckpoint.at).toISOString()}: files may differ from what you wrote before; read them before editing.`,
        ]
      : []),
  ].join('\n');
}

const MODE_GUIDANCE: Record<ModeConfig['mode'], string> = {
  fast: 'Mode: fast. Make the smallest change that does the job, with as few tool calls as possible. No plan unless asked.',
  balanced: 'Mode: balanced. Think briefly, then act. For work with more than three steps, call plan_create first.',
  deep: 'Mode: deep. Plan before acting: call plan_create with steps, risks and fallbacks, then carry it out and verify each step.',
};

const TOOL_ETIQUETTE = `How to work:
- The workspace runs in the user's browser tab (Node, npm and a shell). Paths are relative to the workspace root.
- Find code by searching, not guessing: fs_search (text or regex, include globs like "src/**/*.ts") for where something is defined or used, fs_glob for files by name; then read just the lines around a match with fs_readFile startLine/endLine rather than whole files. fs_listFiles shows a folder.
- After changing a running app, preview_logs shows what its page logged (errors, failed requests).
- Change existing files with fs_editFile (exact search/replace blocks; each search text must occur exactly once, so include enough surrounding lines). Use fs_writeFile only for new files or full rewrites; a file over ${WRITE_MAX_CHARS.toLocaleString('en-US')} characters is written in parts (fs_writeFile, then fs_writeFile with append: true for each further part).
- Install packages with install_npm, not with run_sh "npm install".
- Start servers and watchers with run_sh { background: true }; they keep running and the preview shows their port. Never start a second copy of a server that is already running.
- Commands that end (builds, scripts, tests) run with run_sh without background; read the exit code and output tail. Run tests with test_run.
- You may call several independent tools in one step. Steps per turn are limited, so do not waste them.
- When a tool returns an error, read it, fix the cause and retry once; do not repeat the same failing call.
- The user may have to approve a command before it runs. A denied command did not run: do not call it again unchanged; find another way or ask.
- Finish with one or two sentences on what you did and how to see it (for example, which port the app is on).`;

export function buildSystemPrompt(config: Pick<ModeConfig, 'mode' | 'maxSteps'>, state: WorkspaceState, limits?: SummaryLimits): string {
  return [
    "You are Tabsmith, a coding agent inside a browser IDE. You change the user's workspace only through the tools.",
    MODE_GUIDANCE[config.mode],
    `You have at most ${config.maxSteps} model steps for this turn.`,
    '',
    TOOL_ETIQUETTE,
    '',
    'Workspace (names only; read a file to see its contents):',
    renderWorkspaceSummary(state, limits),
  ].join('\n');
}
