import { describe, expect, it } from 'vitest';
import { workspaceStateSchema } from '@/lib/agent/messages';
import { getModeConfig } from '@/lib/agent/server/modes';
import { buildSystemPrompt, renderFileTree } from '@/lib/agent/server/system-prompt';

const state = (over: Partial<Record<string, unknown>> = {}) => workspaceStateSchema.parse(over);

describe('system prompt', () => {
  it('renders file names as an indented tree, folders first', () => {
    expect(renderFileTree(['/src/b.js', 'src/a/x.js', 'README.md', 'package.json'])).toBe(
      ['src/', '  a/', '    x.js', '  b.js', 'package.json', 'README.md'].join('\n'),
    );
    expect(renderFileTree([])).toBe('(empty workspace)');
  });

  it('bounds a 1,000-file workspace to folder counts and never includes contents', () => {
    const files = Array.from({ length: 1000 }, (_, i) => `src/dir${i % 20}/file${i}.js`);
    const prompt = buildSystemPrompt(getModeConfig('balanced', {}), state({ files, installedPackages: Array.from({ length: 300 }, (_, i) => `pkg${i}`) }));
    expect(prompt).toContain('Files (1000), counted per folder');
    expect(prompt).toMatch(/^src\/ 1000 — dir0\/ 50, dir1\/ 50/m);
    expect(prompt).toContain('…and 240 more');
    expect(prompt.length).toBeLessThan(10_000);
    expect(prompt).not.toContain('export const');
  });

  it('cuts very long paths by characters too', () => {
    const files = Array.from({ length: 400 }, (_, i) => `${'deep/'.repeat(40)}f${i}.js`);
    const tree = renderFileTree(files, { maxFiles: 1000, maxTreeChars: 4000 });
    expect(tree.length).toBeLessThan(4200);
    expect(tree).toMatch(/…and \d+ more files$/);
  });

  it('states the last command, server, ports, packages, mode and tool etiquette', () => {
    const prompt = buildSystemPrompt(
      getModeConfig('deep', {}),
      state({ files: ['a.js'], lastCommand: 'npm run dev', serverRunning: true, openPorts: [3000, 5173], installedPackages: ['express'] }),
    );
    for (const text of [
      'Last command: npm run dev',
      'Dev server running: yes',
      'Open ports: 3000, 5173',
      'Installed packages: express',
      'Mode: deep',
      'at most 10 model steps',
      'fs_editFile',
      'background: true',
    ])
      expect(prompt).toContain(text);
    const empty = buildSystemPrompt(getModeConfig('fast', {}), state());
    expect(empty).toContain('Last command: none');
    expect(empty).toContain('Open ports: none');
  });
});
