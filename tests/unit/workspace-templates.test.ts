import { describe, expect, it } from 'vitest';
import { getTemplate, isTemplateId, TEMPLATES } from '@/lib/workspace/templates';
import { normalizeWorkspacePath } from '@/lib/workspace/paths';

describe('templates', () => {
  it('ships the four templates, in picker order', () => {
    expect(TEMPLATES.map((t) => t.id)).toEqual(['vite-react', 'node-http', 'static-html', 'empty']);
    expect(getTemplate('node-http')?.name).toBe('Node HTTP server');
    expect(getTemplate('nope')).toBeNull();
    expect(isTemplateId('static-html')).toBe(true);
  });

  it.each(TEMPLATES.filter((t) => t.id !== 'empty').map((t) => [t.id, t] as const))('%s has a start command, valid paths and files it opens', (_id, template) => {
    expect(template.start).toMatch(/\S/);
    expect(template.files.length).toBeGreaterThan(0);
    const paths = template.files.map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(normalizeWorkspacePath(path)).toBe(`/${path}`);
    for (const open of template.open) expect(paths).toContain(open);
  });

  it.each(TEMPLATES.filter((t) => t.files.some((f) => f.path === 'package.json')).map((t) => [t.id, t] as const))(
    '%s has a package.json that parses, and its start command names a real script or file',
    (_id, template) => {
      const pkg = JSON.parse(template.files.find((f) => f.path === 'package.json')?.content ?? '') as { scripts?: Record<string, string> };
      const start = template.start ?? '';
      const script = /^npm (?:run )?(\S+)$/.exec(start)?.[1];
      expect(script && pkg.scripts?.[script]).toBeTruthy();
      const file = /node (\S+)/.exec(pkg.scripts?.[script ?? ''] ?? '')?.[1];
      if (file) expect(template.files.map((f) => f.path)).toContain(file);
    },
  );

  it('static-html starts a server file it ships', () => {
    const template = getTemplate('static-html');
    expect(template?.start).toBe('node serve.js');
    expect(template?.files.map((f) => f.path)).toContain('serve.js');
  });

  it('vite-react depends only on react and react-dom (what the offline registry must serve)', () => {
    const pkg = JSON.parse(getTemplate('vite-react')?.files.find((f) => f.path === 'package.json')?.content ?? '{}') as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies ?? {}).sort()).toEqual(['react', 'react-dom']);
    expect(pkg.devDependencies).toBeUndefined();
  });

  it('server scripts parse as JavaScript', () => {
    for (const template of TEMPLATES) {
      for (const file of template.files.filter((f) => /\.(c?js)$/.test(f.path))) {
        expect(() => new Function('require', 'module', '__dirname', file.content), `${template.id}/${file.path}`).not.toThrow();
      }
    }
  });
});
