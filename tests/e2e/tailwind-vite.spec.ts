import { expect, test } from '@playwright/test';
import { importProject } from './support/project';
import { terminal } from './support/terminal';

// Tailwind CSS 4 in a Vite project, set up exactly as Tailwind's guide for Vite says: `tailwindcss` and
// `@tailwindcss/vite` installed, `tailwindcss()` in vite.config's plugins, `@import "tailwindcss";` in the CSS,
// utility classes in the markup. Its scanner (@tailwindcss/oxide) and CSS compiler (lightningcss) are native
// code; the runtime runs their WebAssembly builds. The real Vite from node_modules builds the project.

const BUILD_TIMEOUT_MS = 180_000;
const SERVE_TIMEOUT_MS = 90_000;
const VITE = 'node node_modules/vite/dist/node/cli.js';

const PROJECT = {
  'package.json': {
    name: 'tailwind-app',
    private: true,
    version: '0.0.0',
    type: 'module',
    scripts: { dev: 'vite', build: 'vite build', preview: 'vite preview' },
    devDependencies: { '@tailwindcss/vite': '^4.3.5', tailwindcss: '^4.3.5', vite: '^8.3.4' },
  },
  'vite.config.js': [
    "import { defineConfig } from 'vite'",
    "import tailwindcss from '@tailwindcss/vite'",
    '',
    'export default defineConfig({',
    '  plugins: [',
    '    tailwindcss(),',
    '  ],',
    '})',
    '',
  ].join('\n'),
  'src/style.css': '@import "tailwindcss";\n',
  'index.html': [
    '<!doctype html>',
    '<html>',
    '<head>',
    '  <meta charset="UTF-8" />',
    '  <meta name="viewport" content="width=device-width, initial-scale=1.0" />',
    '  <link href="/src/style.css" rel="stylesheet" />',
    '</head>',
    '<body>',
    '  <h1 class="text-3xl font-bold underline bg-sky-500">Hello world!</h1>',
    '</body>',
    '</html>',
    '',
  ].join('\n'),
};

test('Tailwind CSS 4 through @tailwindcss/vite: vite build writes the utilities the markup uses, and the built page is styled', async ({ page }, info) => {
  test.setTimeout(420_000);
  await importProject(page, info, 'tailwind-app', PROJECT);
  const shell = terminal(page, 1);
  // lightningcss has native builds only: the install says it added the WebAssembly build, and why.
  await expect(shell.panel).toContainText('also installed lightningcss-wasm@1.33.0');

  await shell.run(`${VITE} build`, { output: /built in \d+(\.\d+)?m?s/, timeout: BUILD_TIMEOUT_MS });
  // Minified by lightningcss, with the rules of the classes in index.html and none of the thousands it does not use.
  await shell.run("grep -o 'text-3xl{[^;]*' dist/assets/*.css", { output: 'font-size:var(--text-3xl)' });
  await shell.run("grep -o 'bg-sky-500{[^}]*' dist/assets/*.css", { output: 'background-color:var(--color-sky-500)' });
  await shell.run("grep -c 'bg-rose-500' dist/assets/*.css | sed 's/^/rules of unused classes: /'", { output: 'rules of unused classes: 0' });

  // Vite's own preview server serves dist/: the heading has Tailwind's styles in the preview.
  await shell.start(`${VITE} preview`);
  await expect(shell.panel).toContainText('http://localhost:4173/', { timeout: SERVE_TIMEOUT_MS });
  await page.getByRole('combobox', { name: 'Preview port' }).selectOption('4173');
  const heading = page.frameLocator('iframe[title="Preview"]').getByRole('heading', { name: 'Hello world!' });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  const style = await heading.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { fontSize: computed.fontSize, fontWeight: computed.fontWeight, textDecoration: computed.textDecorationLine, background: computed.backgroundColor };
  });
  expect(style).toEqual({
    fontSize: '30px',
    fontWeight: '700',
    textDecoration: 'underline',
    background: expect.stringMatching(/^oklch\(0\.685 0\.169 237\.3\d*\)$/),
  });
});
