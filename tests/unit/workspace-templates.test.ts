import { describe, expect, it } from 'vitest';
import { getTemplate, isTemplateId, TEMPLATES } from '@/lib/workspace/templates';
import { normalizeWorkspacePath } from '@/lib/workspace/paths';

const text = (content: string | Uint8Array | undefined): string => (typeof content === 'string' ? content : '');

describe('templates', () => {
  it('ships the templates, in picker order', () => {
    expect(TEMPLATES.map((t) => t.id)).toEqual(['vite-react', 'vite-vue', 'vite-svelte', 'node-http', 'static-html', 'empty']);
    expect(getTemplate('node-http')?.name).toBe('Node HTTP server');
    expect(getTemplate('nope')).toBeNull();
    expect(isTemplateId('static-html')).toBe(true);
  });

  it.each(TEMPLATES.filter((t) => t.id !== 'empty').map((t) => [t.id, t] as const))(
    '%s has a start command, valid paths and files it opens',
    (_id, template) => {
      expect(template.start).toMatch(/\S/);
      expect(template.files.length).toBeGreaterThan(0);
      const paths = template.files.map((f) => f.path);
      expect(new Set(paths).size).toBe(paths.length);
      for (const path of paths) expect(normalizeWorkspacePath(path)).toBe(`/${path}`);
      for (const open of template.open) expect(paths).toContain(open);
    },
  );

  it.each(TEMPLATES.filter((t) => t.files.some((f) => f.path === 'package.json')).map((t) => [t.id, t] as const))(
    '%s has a package.json that parses, and its start command names a real script or file',
    (_id, template) => {
      const pkg = JSON.parse(text(template.files.find((f) => f.path === 'package.json')?.content)) as { scripts?: Record<string, string> };
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

  it('vite-react is the official create-vite react template: vite with the React plugin, and its hero image as bytes', () => {
    const template = getTemplate('vite-react');
    const pkg = JSON.parse(text(template?.files.find((f) => f.path === 'package.json')?.content)) as {
      scripts?: Record<string, string>;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies ?? {}).sort()).toEqual(['react', 'react-dom']);
    expect(pkg.devDependencies).toMatchObject({ vite: expect.any(String), '@vitejs/plugin-react': expect.any(String) });
    expect(pkg.scripts).toMatchObject({ dev: 'vite', build: 'vite build', preview: 'vite preview' });
    const paths = template?.files.map((f) => f.path) ?? [];
    expect(paths).toEqual(expect.arrayContaining(['.gitignore', 'index.html', 'vite.config.js', 'src/main.jsx', 'public/favicon.svg']));
    expect(paths).not.toContain('_gitignore');
    const hero = template?.files.find((f) => f.path === 'src/assets/hero.png')?.content;
    expect(hero).toBeInstanceOf(Uint8Array);
    // PNG signature: the image survives as bytes, not text.
    expect([...(hero as Uint8Array).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('server scripts parse as JavaScript', () => {
    // CommonJS scripts only: the Vite templates' ES modules are compiled by Vite, not run as they are.
    const commonJs = (path: string, content: string | Uint8Array) => /\.(c?js)$/.test(path) && !/^\s*(import|export)\s/m.test(text(content));
    for (const template of TEMPLATES) {
      for (const file of template.files.filter((f) => commonJs(f.path, f.content))) {
        expect(() => new Function('require', 'module', '__dirname', text(file.content)), `${template.id}/${file.path}`).not.toThrow();
      }
    }
  });
});
