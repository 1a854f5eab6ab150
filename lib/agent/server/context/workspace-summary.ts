/**
 * The workspace's shape for the system prompt, bounded whatever the project's size: every folder counted
 * (top level with its subfolders), the paths that matter in full (open and recently changed files, entry
 * points, config files) and package.json's scripts and dependencies. A small project is listed file by file.
 */
import type { PackageManifest } from '../../context/manifest';

interface ShapeInput {
  files: readonly string[];
  openFiles?: readonly string[];
  recentFiles?: readonly string[];
  manifest?: PackageManifest | null;
}

interface ShapeLimits {
  /** Up to this many files, the whole tree is listed instead of folder counts. */
  listAllUpTo: number;
  folderChars: number;
  lineChars: number;
  pathsPerGroup: number;
  manifestChars: number;
}

const DEFAULT_SHAPE_LIMITS: ShapeLimits = { listAllUpTo: 120, folderChars: 2_400, lineChars: 240, pathsPerGroup: 10, manifestChars: 1_200 };

const SKIPPED = new Set(['node_modules', '.git']);

interface Folder {
  count: number;
  children: Map<string, Folder>;
}

const newFolder = (): Folder => ({ count: 0, children: new Map() });
const segments = (path: string) => path.split('/').filter((part) => part !== '' && part !== '.');
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Files per folder, recursively; root files are counted on the root. */
function countFolders(paths: readonly string[]): Folder {
  const root = newFolder();
  for (const path of paths) {
    const parts = segments(path);
    parts.pop();
    root.count++;
    let node = root;
    for (const part of parts) {
      let child = node.children.get(part);
      if (!child) node.children.set(part, (child = newFolder()));
      child.count++;
      node = child;
      if (SKIPPED.has(part)) break;
    }
  }
  return root;
}

const byName = (a: [string, Folder], b: [string, Folder]) => a[0].localeCompare(b[0]);

function folderLine(name: string, folder: Folder, limits: ShapeLimits): string {
  const head = `${name}/ ${folder.count}`;
  if (SKIPPED.has(name) || folder.children.size === 0) return head;
  const subs = [...folder.children].sort(byName);
  let line = `${head} — `;
  for (let i = 0; i < subs.length; i++) {
    const [sub, child] = subs[i] as [string, Folder];
    const item = `${i > 0 ? ', ' : ''}${sub}/ ${child.count}`;
    const rest = subs.length - i;
    if (line.length + item.length > limits.lineChars - 20) return `${line}, …and ${rest} more folder${rest === 1 ? '' : 's'}`;
    line += item;
  }
  return line;
}

/** One line per top-level folder (with its subfolders' counts), then the root's own files. */
function renderFolders(paths: readonly string[], limits: ShapeLimits = DEFAULT_SHAPE_LIMITS): string {
  const root = countFolders(paths);
  const rootFiles = paths.filter((path) => segments(path).length === 1).map((path) => segments(path)[0] ?? '');
  const lines: string[] = [];
  let chars = 0;
  const top = [...root.children].sort(byName);
  for (let i = 0; i < top.length; i++) {
    const [name, folder] = top[i] as [string, Folder];
    const line = folderLine(name, folder, limits);
    if (chars + line.length > limits.folderChars) {
      const left = top.slice(i);
      const files = left.reduce((sum, [, f]) => sum + f.count, 0);
      lines.push(`…and ${left.length} more folders (${files} files): ${clip(left.map(([n]) => `${n}/`).join(', '), limits.lineChars)}`);
      break;
    }
    lines.push(line);
    chars += line.length + 1;
  }
  if (rootFiles.length > 0)
    lines.push(`(root) ${rootFiles.length} file${rootFiles.length === 1 ? '' : 's'}: ${clip(rootFiles.sort().join(', '), limits.lineChars)}`);
  return lines.join('\n');
}

const ENTRY = /(^|\/)(index|main|app|server|cli)\.(m?[jt]sx?|cjs|vue|svelte|html)$/i;
const CONFIG =
  /(^|\/)(package\.json|tsconfig(\.[\w-]+)?\.json|jsconfig\.json|[\w-]+\.config\.(m?[jt]s|cjs|json)|\.eslintrc(\.\w+)?|\.prettierrc(\.\w+)?|Dockerfile|docker-compose\.ya?ml|\.env(\.[\w-]+)?|\.gitignore|vercel\.json|netlify\.toml|README(\.\w+)?)$/i;

const shallow = (path: string) => segments(path).length <= 3 && !segments(path).some((part) => SKIPPED.has(part));
const shortestFirst = (a: string, b: string) => segments(a).length - segments(b).length || a.localeCompare(b);

function pathGroup(label: string, paths: readonly string[], max: number): string | null {
  const unique = [...new Set(paths)];
  if (unique.length === 0) return null;
  const shown = unique.slice(0, max).map((path) => clip(path, 160));
  return `${label}: ${shown.join(', ')}${unique.length > max ? `, …and ${unique.length - max} more` : ''}`;
}

/** Entry points and config files found in the tree (the three top levels), shortest paths first. */
function keyFiles(files: readonly string[], manifest?: PackageManifest | null): { entries: string[]; configs: string[] } {
  const candidates = files.filter(shallow);
  const entries = candidates.filter((path) => ENTRY.test(path)).sort(shortestFirst);
  const main = manifest?.main?.replace(/^\.\//, '');
  return {
    entries: main && files.includes(main) ? [main, ...entries.filter((e) => e !== main)] : entries,
    configs: candidates.filter((path) => CONFIG.test(path)).sort(shortestFirst),
  };
}

function renderManifest(manifest: PackageManifest, limits: ShapeLimits): string {
  const list = (label: string, items: PackageManifest['scripts'], format: (item: PackageManifest['scripts'][number]) => string) =>
    items.length === 0 ? null : clip(`${label} (${items.length}): ${items.map(format).join(', ')}`, Math.floor(limits.manifestChars / 3));
  return [
    `package.json${manifest.name ? ` (${manifest.name})` : ''}:`,
    list('  scripts', manifest.scripts, (s) => `${s.name}: ${clip(s.value, 60)}`),
    list('  dependencies', manifest.dependencies, (d) => `${d.name} ${d.value}`),
    list('  devDependencies', manifest.devDependencies, (d) => `${d.name} ${d.value}`),
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

export function renderWorkspaceShape(input: ShapeInput, renderTree: (files: readonly string[]) => string, limits: ShapeLimits = DEFAULT_SHAPE_LIMITS): string {
  const files = [...new Set(input.files)];
  const { entries, configs } = keyFiles(files, input.manifest);
  const sections = [
    files.length <= limits.listAllUpTo
      ? `Files (${files.length}):\n${renderTree(files)}`
      : `Files (${files.length}), counted per folder (recursively; open a folder with fs_listFiles):\n${renderFolders(files, limits)}`,
    pathGroup('Open in the editor', input.openFiles ?? [], limits.pathsPerGroup),
    pathGroup('Recently changed by the agent', input.recentFiles ?? [], limits.pathsPerGroup),
    files.length > limits.listAllUpTo ? pathGroup('Entry points', entries, limits.pathsPerGroup) : null,
    files.length > limits.listAllUpTo ? pathGroup('Config files', configs, limits.pathsPerGroup + 5) : null,
    input.manifest ? renderManifest(input.manifest, limits) : null,
  ];
  return sections.filter((section): section is string => section !== null).join('\n');
}
