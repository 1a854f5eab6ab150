import { describe, expect, it } from 'vitest';
import { manifestFromPackageJson } from '@/lib/agent/context/manifest';
import { recentlyChangedFiles } from '@/lib/agent/context/recent-files';
import { workspaceStateSchema } from '@/lib/agent/messages';
import { getModeConfig } from '@/lib/agent/server/modes';
import { buildSystemPrompt } from '@/lib/agent/server/system-prompt';

const tokens = (text: string) => Math.ceil(text.length / 4);

/** A project shaped like real ones: most files under src/, a tests/ folder alphabetically late, config at the root. */
function project(total: number): string[] {
  const files = ['package.json', 'tsconfig.json', 'vite.config.ts', 'README.md', 'index.html', 'src/main.tsx', 'src/App.tsx'];
  for (let i = 0; files.length < total * 0.8; i++) files.push(`src/${['components', 'lib', 'hooks', 'pages', 'styles'][i % 5]}/area${i % 40}/file${i}.tsx`);
  for (let i = 0; files.length < total * 0.95; i++) files.push(`docs/section${i % 12}/page${i}.md`);
  for (let i = 0; files.length < total; i++) files.push(`tests/${i % 2 ? 'unit' : 'e2e'}/case${i}.test.ts`);
  return files;
}

const manifest = manifestFromPackageJson(
  JSON.stringify({
    name: 'shop',
    main: 'src/main.tsx',
    scripts: { dev: 'vite', build: 'tsc -b && vite build', test: 'vitest' },
    dependencies: { react: '^19.0.0' },
    devDependencies: { vite: '^7.0.0' },
  }),
);

const prompt = (files: string[], extra: Record<string, unknown> = {}) =>
  buildSystemPrompt(getModeConfig('balanced', {}), workspaceStateSchema.parse({ files, manifest, ...extra }));

describe('workspace summary', () => {
  it('keeps tests/ visible with its count in a 1,000-file project', () => {
    const text = prompt(project(1000));
    expect(text).toContain('Files (1000)');
    expect(text).toMatch(/^tests\/ 50 — e2e\/ 25, unit\/ 25$/m);
    expect(text).toMatch(/^src\/ \d+ — components\/ \d+, hooks\/ \d+, lib\/ \d+, pages\/ \d+, styles\/ \d+$/m);
    expect(text).toMatch(/^docs\/ 150/m);
    expect(tokens(text)).toBeLessThanOrEqual(2_000);
  });

  it('names the paths that matter in full: open, recently changed, entry points, config, scripts and dependencies', () => {
    const text = prompt(project(1000), { openFiles: ['src/lib/area3/file3.tsx'], recentFiles: ['src/pages/area8/file8.tsx'] });
    expect(text).toContain('Open in the editor: src/lib/area3/file3.tsx');
    expect(text).toContain('Recently changed by the agent: src/pages/area8/file8.tsx');
    expect(text).toMatch(/Entry points: src\/main\.tsx, index\.html, src\/App\.tsx/);
    expect(text).toMatch(/Config files: .*package\.json.*tsconfig\.json.*vite\.config\.ts/);
    expect(text).toContain('scripts (3): dev: vite, build: tsc -b && vite build, test: vitest');
    expect(text).toContain('dependencies (1): react ^19.0.0');
    expect(text).toContain('devDependencies (1): vite ^7.0.0');
  });

  it('stays within 2k tokens for 20,000 files with many folders, and counts every file', () => {
    const files = project(19_700);
    for (let i = 0; i < 300; i++) files.push(`packages/pkg${i}/src/index.ts`);
    const text = prompt(files, { installedPackages: Array.from({ length: 300 }, (_, i) => `pkg${i}`) });
    expect(tokens(text)).toBeLessThanOrEqual(2_000);
    expect(text).toContain(`Files (${files.length})`);
    expect(text).toMatch(/^packages\/ 300 — .*…and \d+ more folders$/m);
    expect(text).toMatch(/^tests\/ 985 — e2e\/ 493, unit\/ 492$/m);
  });

  it('lists a small project file by file', () => {
    const text = prompt(['package.json', 'src/index.js', 'tests/index.test.js']);
    expect(text).toContain('Files (3):\nsrc/\n  index.js\ntests/\n  index.test.js\npackage.json');
  });

  it('reads the recently changed files from the conversation, newest first', () => {
    const call = (name: string, input: object) => ({ type: `tool-${name}`, toolCallId: name, state: 'output-available', input, output: { ok: true } });
    const recent = recentlyChangedFiles([
      {
        id: 'a',
        role: 'assistant',
        parts: [call('fs_writeFile', { path: 'a.js', content: '' }), call('fs_readFile', { path: 'r.js' }), call('fs_movePath', { from: 'b.js', to: 'c.js' })],
      },
    ]);
    expect(recent).toEqual(['c.js', 'a.js']);
  });

  it('takes a package.json apart without its contents and refuses what is not one', () => {
    expect(manifestFromPackageJson('not json')).toBeNull();
    expect(manifestFromPackageJson('{"scripts": 3}')?.scripts).toEqual([]);
  });
});
