import { expect, test } from '@playwright/test';
import { region } from './support/ide';
import { importProject } from './support/project';
import { terminal } from './support/terminal';

// A React + Tailwind CSS 4 project, as the two projects' guides set it up: a colour changed in the direct-edit
// panel is written as a Tailwind class (an arbitrary value, replacing the class that set the colour before), and
// Tailwind's own Vite plugin generates it in the dev server, so the page shows it at once.

const SERVE_TIMEOUT_MS = 120_000;

const PROJECT = {
  'package.json': {
    name: 'react-tailwind',
    private: true,
    version: '0.0.0',
    type: 'module',
    scripts: { dev: 'vite', build: 'vite build' },
    dependencies: { react: '^19.3.1', 'react-dom': '^19.3.1' },
    devDependencies: { '@vitejs/plugin-react': '^6.1.2', '@tailwindcss/vite': '^4.3.5', tailwindcss: '^4.3.5', vite: '^8.3.4' },
  },
  'vite.config.js': [
    "import { defineConfig } from 'vite'",
    "import react from '@vitejs/plugin-react'",
    "import tailwindcss from '@tailwindcss/vite'",
    '',
    'export default defineConfig({ plugins: [react(), tailwindcss()] })',
    '',
  ].join('\n'),
  'index.html': '<!doctype html>\n<html>\n<body>\n  <div id="root"></div>\n  <script type="module" src="/src/main.jsx"></script>\n</body>\n</html>\n',
  'src/index.css': '@import "tailwindcss";\n',
  'src/main.jsx': [
    "import { createRoot } from 'react-dom/client'",
    "import './index.css'",
    "import App from './App'",
    '',
    "createRoot(document.getElementById('root')).render(<App />)",
    '',
  ].join('\n'),
  'src/App.jsx': [
    'export default function App() {',
    '  return (',
    '    <main className="p-8">',
    '      <h1 className="text-3xl font-bold text-slate-900">Hello Tailwind</h1>',
    '    </main>',
    '  )',
    '}',
    '',
  ].join('\n'),
};

test('in a React + Tailwind project a direct colour edit is written as a Tailwind class, which the dev server styles at once', async ({ page }, info) => {
  test.setTimeout(300_000);
  await importProject(page, info, 'react-tailwind', PROJECT);
  const shell = terminal(page, 1);
  await shell.start('npm run dev');
  const heading = page.frameLocator('iframe[title="Preview"]').getByRole('heading', { name: 'Hello Tailwind' });
  await expect(heading).toBeVisible({ timeout: SERVE_TIMEOUT_MS });
  await expect(heading).toHaveCSS('font-size', '30px');

  await region(page, 'Preview').getByRole('button', { name: 'Select element' }).click();
  await heading.click();
  const chip = region(page, 'Agent').getByRole('group', { name: 'Selected element', exact: true });
  await expect(chip).toContainText('src/App.jsx:4');
  await chip.getByRole('button', { name: 'Edit directly' }).click();
  const panel = chip.getByRole('group', { name: 'Edit the selected element' });
  await panel.getByLabel('Text colour').fill('#16a34a');
  await panel.getByLabel('Align').selectOption('center');
  await panel.getByRole('button', { name: 'Apply to source' }).click();
  await expect(panel.getByRole('status')).toContainText('Written to src/App.jsx at line 4');

  await expect(heading).toHaveCSS('color', 'rgb(22, 163, 74)', { timeout: 15_000 });
  await expect(heading).toHaveCSS('text-align', 'center');
  await page.getByRole('button', { name: 'New terminal' }).click();
  await terminal(page, 2).run("sed -n '4p' src/App.jsx", { output: '<h1 className="text-3xl font-bold text-[#16a34a] text-center">Hello Tailwind</h1>' });
});
